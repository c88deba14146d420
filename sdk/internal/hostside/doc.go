// Package hostside is the host's half of the swarmhost plugin protocol:
// the go-plugin set the host dispenses from ([VersionedPlugins]), the
// client of each kind's plugin process ([AgentClient], [ControllerClient],
// [ScorerClient]), which hands the host the Go interfaces plugin authors
// implement ([agent.Agent], [scorer.Scorer]) or, for controllers, the
// session-keyed [Controller] view of the sessions a controller.Controller
// hands out, and the host services plugins call back: the agent's
// generate/tools/submit and the scorer's read-only sandbox view.
//
// Every member of an agent process runs on one member stream
// (members_host.go): its start, its host calls and its end are messages on
// the stream, which names the member, so the host binds identity from the
// stream. A scorer's host service is served over the go-plugin broker, once
// per plugin process, and each call carries a token the host issued for
// one Score. The host reaches this package only through the facade module
// sdk/hostrpc; package sdktest's in-process engine (package loopback)
// pairs it with the plugin's half, package pluginside.
//
// [agent.Agent]: github.com/swarmhost/swarmhost/sdk/agent
// [scorer.Scorer]: github.com/swarmhost/swarmhost/sdk/scorer
package hostside
