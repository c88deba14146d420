package plugintest

import (
	"context"
	"os"
	"testing"

	"github.com/swarmhost/swarmhost/sdk"
	"github.com/swarmhost/swarmhost/sdk/base"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
)

// underTest are the plugins [Main] was given: the test binary serves them.
var underTest *sdk.Plugins

// Main is the test package's TestMain. Launched by swarmhost as a plugin
// (go-plugin's handshake cookie is in its environment), the test binary
// serves p and exits; otherwise Main runs the tests and exits with their
// code. Every [Run] of the package puts p under test: each of its plugins
// gets a plugin block whose source is the test binary.
func Main(m *testing.M, p sdk.Plugins) { os.Exit(Tests(m, p)) }

// Tests is [Main] for a TestMain with set-up or tear-down of its own
// around the tests: launched as a plugin it serves p and exits, otherwise
// it runs the tests and returns their exit code.
func Tests(m *testing.M, p sdk.Plugins) int {
	ServeIfLaunched(p)
	underTest = &p
	return m.Run()
}

// ServeIfLaunched serves p and exits when swarmhost launched the test
// binary as a plugin, and returns otherwise: a TestMain calls it before
// any set-up of its own, which the plugin process must not repeat.
func ServeIfLaunched(p sdk.Plugins) {
	if launchedAsPlugin() {
		sdk.Serve(p)
		os.Exit(0)
	}
}

// launchedAsPlugin reports whether swarmhost started this process as a
// plugin: go-plugin hands the plugin its magic cookie in the environment,
// also in a sandbox.
func launchedAsPlugin() bool {
	h := protocol.Handshake
	return os.Getenv(h.MagicCookieKey) == h.MagicCookieValue
}

// served is one plugin the test binary serves: its kind and name.
type served struct{ kind, name string }

// servedPlugins lists the kinds and names of p's plugins, from their
// Metadata.
func servedPlugins(p sdk.Plugins) []served {
	var out []served
	name := func(m interface {
		Metadata(context.Context, base.MetadataRequest, *base.MetadataResponse)
	}) string {
		var md base.MetadataResponse
		m.Metadata(context.Background(), base.MetadataRequest{}, &md)
		return md.Name
	}
	for _, a := range p.Agents {
		out = append(out, served{protocol.KindAgent, name(a)})
	}
	for _, c := range p.Controllers {
		out = append(out, served{protocol.KindController, name(c)})
	}
	for _, s := range p.Scorers {
		out = append(out, served{protocol.KindScorer, name(s)})
	}
	return out
}
