// Package loopback serves a plugin inside the current process and connects
// the host's half of the protocol to it through a real gRPC connection and
// broker: the engine of package sdktest. Every call crosses the wire as it
// would between the host and a plugin binary.
package loopback

import (
	"context"
	"fmt"
	"testing"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/base"
	"github.com/swarmhost/swarmhost/sdk/internal/hostside"
	"github.com/swarmhost/swarmhost/sdk/internal/pluginside"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// Dispensed is an in-process plugin binary as the host sees it: its
// plugins, by kind and name, behind the host's own clients.
type Dispensed struct {
	agents      hostside.AgentClient
	controllers hostside.ControllerClient
	scorers     hostside.ScorerClient
}

// InProcess serves p inside the test process and connects to it through a
// real gRPC connection and broker, as the host would. The connection
// closes when the test ends.
func InProcess(t testing.TB, p pluginside.Plugins) Dispensed {
	t.Helper()
	served := hostside.Pair(pluginside.Set(p))
	client, server := testConn(t, served)
	// Stop the server before closing the client: Close sends go-plugin's
	// Shutdown, whose handler would stop the server concurrently.
	t.Cleanup(func() {
		server.Stop()
		_ = client.Close()
	})
	var d Dispensed
	for kind := range served {
		raw, err := client.Dispense(kind)
		if err != nil {
			t.Fatalf("dispense %s: %v", kind, err)
		}
		switch c := raw.(type) {
		case hostside.AgentClient:
			d.agents = c
		case hostside.ControllerClient:
			d.controllers = c
		case hostside.ScorerClient:
			d.scorers = c
		}
	}
	return d
}

// Agent returns the named agent as the host calls it; the plugins must
// include an agent.
func (d Dispensed) Agent(name string) agent.Agent { return d.agents.Agent(name) }

// Controller returns the named controller as the host calls it (it also
// implements [hostside.WithEnd]); the plugins must include a controller.
func (d Dispensed) Controller(name string) hostside.Controller {
	return d.controllers.Controller(name)
}

// Scorer returns the named scorer as the host calls it; the plugins must
// include a scorer.
func (d Dispensed) Scorer(name string) scorer.Scorer { return d.scorers.Scorer(name) }

// Validate asks the named plugin of kind (protocol.KindAgent,
// KindController or KindScorer) to check a config given as JSON, as the
// host does after decoding it.
func (d Dispensed) Validate(ctx context.Context, kind, name string, config []byte) (base.ValidateConfigResponse, error) {
	switch {
	case kind == protocol.KindAgent && d.agents != nil:
		return d.agents.Validate(ctx, name, config)
	case kind == protocol.KindController && d.controllers != nil:
		return d.controllers.Validate(ctx, name, config)
	case kind == protocol.KindScorer && d.scorers != nil:
		return d.scorers.Validate(ctx, name, config)
	}
	return base.ValidateConfigResponse{}, fmt.Errorf("the plugins include no %s", kind)
}
