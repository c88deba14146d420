// Package hostside is the host's half of the swarmhost plugin protocol:
// the go-plugin set the host dispenses from ([VersionedPlugins]), the
// client of each kind's plugin process ([AgentClient], [ControllerClient],
// [ScorerClient]), which hands the host the Go interfaces plugin authors
// implement ([agent.Agent], [scorer.Scorer]) or, for controllers, the
// session-keyed [Controller] view of the sessions a controller.Controller
// hands out, and the host services plugins call back: the agent's
// generate/tools/submit and the scorer's read-only sandbox view.
//
// Host services are served over the go-plugin broker, once per plugin
// process, and each call carries a token the host issued for one member's
// Run (or one Score), which is how the host binds identity; a member on
// the member stream (members_host.go) makes its calls on the stream
// instead. The host reaches this package only through the facade module
// sdk/hostrpc; package sdktest's in-process engine (package loopback)
// pairs it with the plugin's half, package pluginside.
//
// [agent.Agent]: github.com/swarmhost/swarmhost/sdk/agent
// [scorer.Scorer]: github.com/swarmhost/swarmhost/sdk/scorer
package hostside
