// Package pluginside is the plugin's half of the swarmhost plugin
// protocol, what sdk.Serve runs: a gRPC server per kind wrapping the
// author's implementations ([Set]), the clients of the host services those
// implementations call (an agent's Host, a scorer's Host), the member
// stream's plugin end (members.go) and the controller sessions a process
// holds open (sessions.go).
//
// Every call into an author's code runs under protocol.ServerGuard: a
// panic answers that call with an Internal error and the process serves
// on. It never imports the host's half (package hostside).
package pluginside
