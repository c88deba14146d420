package rpc

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/go-plugin"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/base"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// Dispensed is an in-process plugin binary as the host sees it: its
// plugins, by kind and name, behind the host's own clients.
type Dispensed struct {
	agents      *agentClient
	controllers *controllerClient
	scorers     *scorerClient
}

// InProcess serves p inside the test process and connects to it through a
// real gRPC connection and broker, as the host would. It is the engine of
// package sdktest; the connection closes when the test ends.
func InProcess(t testing.TB, p Plugins) Dispensed {
	t.Helper()
	client, server := plugin.TestPluginGRPCConn(t, false, pluginSet(p))
	// Stop the server before closing the client: Close sends go-plugin's
	// Shutdown, whose handler would stop the server concurrently.
	t.Cleanup(func() {
		server.Stop()
		_ = client.Close()
	})
	var d Dispensed
	for kind, dst := range map[string]any{KindAgent: &d.agents, KindController: &d.controllers, KindScorer: &d.scorers} {
		if _, ok := pluginSet(p)[kind]; !ok {
			continue
		}
		raw, err := client.Dispense(kind)
		if err != nil {
			t.Fatalf("dispense %s: %v", kind, err)
		}
		assign(dst, raw)
	}
	return d
}

func assign(dst, raw any) {
	switch d := dst.(type) {
	case **agentClient:
		*d = raw.(*agentClient)
	case **controllerClient:
		*d = raw.(*controllerClient)
	case **scorerClient:
		*d = raw.(*scorerClient)
	}
}

// Agent returns the named agent as the host calls it; the plugins must
// include an agent.
func (d Dispensed) Agent(name string) agent.Agent { return d.agents.Agent(name) }

// Controller returns the named controller as the host calls it (it also
// implements [WithEnd]); the plugins must include a controller.
func (d Dispensed) Controller(name string) Controller {
	return d.controllers.Controller(name)
}

// Scorer returns the named scorer as the host calls it; the plugins must
// include a scorer.
func (d Dispensed) Scorer(name string) scorer.Scorer { return d.scorers.Scorer(name) }

// Validate asks the named plugin of kind (KindAgent, KindController or
// KindScorer) to check a config given as JSON, as the host does after
// decoding it.
func (d Dispensed) Validate(ctx context.Context, kind, name string, config []byte) (base.ValidateConfigResponse, error) {
	switch {
	case kind == KindAgent && d.agents != nil:
		return d.agents.Validate(ctx, name, config)
	case kind == KindController && d.controllers != nil:
		return d.controllers.Validate(ctx, name, config)
	case kind == KindScorer && d.scorers != nil:
		return d.scorers.Validate(ctx, name, config)
	}
	return base.ValidateConfigResponse{}, fmt.Errorf("the plugins include no %s", kind)
}
