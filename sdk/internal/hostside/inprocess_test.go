package hostside

import (
	"testing"

	"github.com/hashicorp/go-plugin"

	"github.com/swarmhost/swarmhost/sdk/internal/pluginside"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// Plugins are the implementations a test serves.
type Plugins = pluginside.Plugins

// dispensed is an in-process plugin binary behind the host's clients.
type dispensed struct {
	agents      *agentClient
	controllers *controllerClient
	scorers     *scorerClient
}

// InProcess serves p in the test process (the plugin's half, package
// pluginside) and dispenses the host's clients of it through a real gRPC
// connection and broker, as package loopback does for sdktest.
func InProcess(t testing.TB, p Plugins) dispensed {
	t.Helper()
	return dispense(t, pluginside.Set(p))
}

// dispense serves set in-process and dispenses the host's clients of it.
func dispense(t testing.TB, set plugin.PluginSet) dispensed {
	t.Helper()
	client, server := plugin.TestPluginGRPCConn(t, false, Pair(set))
	t.Cleanup(func() {
		server.Stop()
		_ = client.Close()
	})
	var d dispensed
	for kind := range set {
		raw, err := client.Dispense(kind)
		if err != nil {
			t.Fatalf("dispense %s: %v", kind, err)
		}
		switch kind {
		case protocol.KindAgent:
			d.agents = raw.(*agentClient)
		case protocol.KindController:
			d.controllers = raw.(*controllerClient)
		case protocol.KindScorer:
			d.scorers = raw.(*scorerClient)
		}
	}
	return d
}

func (d dispensed) Controller(name string) Controller { return d.controllers.Controller(name) }
func (d dispensed) Scorer(name string) scorer.Scorer  { return d.scorers.Scorer(name) }
