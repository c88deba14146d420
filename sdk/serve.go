// Package sdk is where a swarmhost plugin author starts. A plugin is a
// separately compiled binary whose main builds its implementations and calls
// [Serve]:
//
//	func main() {
//		sdk.Serve(sdk.Plugins{Scorers: []scorer.Scorer{&mymatch.Scorer{}}})
//	}
//
// The interfaces to implement are in the kind packages: [agent.Agent],
// [controller.Controller] and [scorer.Scorer]. Package sdktest runs a plugin
// through the real gRPC layer inside a test, without building a binary.
//
// Never write to stdout before Serve (stdout carries go-plugin's handshake);
// log with [Logger], whose lines the host re-levels under the plugin's name.
//
// [agent.Agent]: github.com/swarmhost/swarmhost/sdk/agent
// [controller.Controller]: github.com/swarmhost/swarmhost/sdk/controller
// [scorer.Scorer]: github.com/swarmhost/swarmhost/sdk/scorer
package sdk

import (
	"github.com/hashicorp/go-hclog"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/internal/pluginside"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// Plugins lists the implementations one binary serves, by kind. A binary
// may serve several plugins of one kind and several kinds; the Metadata
// names of one kind's plugins must differ. A suite names a plugin by kind
// and name, and the host finds the binary swarmhost-<kind>-<name>, or a
// binary that lists the name in its metadata.
type Plugins struct {
	// Agents are the agents the binary serves.
	Agents []agent.Agent
	// Controllers are the controllers the binary serves.
	Controllers []controller.Controller
	// Scorers are the scorers the binary serves.
	Scorers []scorer.Scorer
}

// Serve serves the plugins until the host is done with the process, then
// returns. Run by hand (without the host's handshake) it prints a message
// and exits 1; it exits 3 if the host goes away without ending it.
func Serve(p Plugins) {
	pluginside.Serve(pluginside.Plugins(p), pluginside.ServeOptions{Logger: logger})
}

// Logger returns the plugin's logger: JSON lines on stderr that the host
// prints at their own level under the plugin's name.
func Logger() hclog.Logger { return logger }

var logger = pluginside.NewPluginLogger()
