// Package protocol is what both halves of the swarmhost plugin protocol
// agree on: the go-plugin handshake and protocol version, the plugin kinds,
// message and call size limits, the capability names a plugin's metadata
// may list, how a gRPC status travels in a member-stream frame, and the
// panic guard both sides put around code they do not own.
//
// The plugin's half (package pluginside, run by sdk.Serve) and the host's
// half (package hostside, reached by the host through sdk/hostrpc) import
// it; neither imports the other.
package protocol
