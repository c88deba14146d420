// Package rpc is the go-plugin glue between the host and plugin processes.
// Plugin authors do not need it: they call sdk.Serve. The host uses it to
// launch plugins and gets back the Go interfaces plugin authors implement
// ([agent.Agent], [scorer.Scorer]) or, for controllers, the session-keyed
// [Controller] view of the sessions a [controller.Controller] hands out, so
// no package outside sdk/ touches gRPC.
//
// For each kind there is a go-plugin GRPCPlugin (agentPlugin, ...), a gRPC
// server wrapping the author's implementations, and a client implementing the
// kind's interface. The clients are unexported: the host reaches them only
// through [HostPlugins], asserting what go-plugin dispenses to interfaces of
// its own, and the in-process harness through [InProcess]. Host services (the agent's generate/tools/submit and the
// scorer's read-only sandbox view) are served by the host over the go-plugin
// broker, once per plugin process; each call carries a token the host issued
// for one member's Run (or one Score), which is how the host binds identity.
//
// [agent.Agent]: github.com/swarmhost/swarmhost/sdk/agent
// [controller.Controller]: github.com/swarmhost/swarmhost/sdk/controller
// [scorer.Scorer]: github.com/swarmhost/swarmhost/sdk/scorer
package rpc
