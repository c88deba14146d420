package protocol

import (
	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"
)

// ProtocolVersion is the plugin protocol this SDK speaks.
//
// History: 1 — first version (sdk/proto/swarmhost/v1).
const ProtocolVersion = 1

// Handshake is swarmhost's go-plugin handshake. The cookie only tells a user
// who runs a plugin by hand that it is a plugin; it is not a security measure.
var Handshake = plugin.HandshakeConfig{
	ProtocolVersion:  ProtocolVersion,
	MagicCookieKey:   "SWARMHOST_PLUGIN_COOKIE",
	MagicCookieValue: "5w4rmh0st-pl4g1n-c00k13-v1",
}

// Plugin kinds, also the names in the go-plugin plugin set.
const (
	KindAgent      = "agent"
	KindController = "controller"
	KindScorer     = "scorer"
	// KindTask is a task defined outside HCL (an Inspect task), served by
	// a task plugin; the host is its only client (TaskClient).
	KindTask = "task"
)

// MaxMessageBytes bounds one gRPC message in either direction, on both sides
// and on brokered host services. Agent conversations and sandbox files can be
// large; 64 MiB leaves room while still refusing a runaway plugin.
const MaxMessageBytes = 64 << 20

// ServerOptions are the gRPC server options every swarmhost server uses.
func ServerOptions() []grpc.ServerOption {
	return []grpc.ServerOption{grpc.MaxRecvMsgSize(MaxMessageBytes), grpc.MaxSendMsgSize(MaxMessageBytes)}
}

// DialOptions are the gRPC dial options every swarmhost client uses.
//
// MaxRetryRPCBufferSize(0): gRPC keeps a call's encoded request for a
// transparent retry until the server's response headers arrive, which for
// a unary call is its answer. A member's Run is one unary call held for the
// member's life (and a read_messages call for its wait), so without this
// every member's request (its input and preamble, a few KiB) stayed in
// memory until it ended. The calls go over a local socket to a process the
// host started, where a transparent retry has nothing to recover.
func DialOptions() []grpc.DialOption {
	return []grpc.DialOption{grpc.WithDefaultCallOptions(
		grpc.MaxCallRecvMsgSize(MaxMessageBytes), grpc.MaxCallSendMsgSize(MaxMessageBytes),
		grpc.MaxRetryRPCBufferSize(0))}
}

// NewServer builds a gRPC server with go-plugin's options plus ours
// (go-plugin's ServeConfig.GRPCServer).
func NewServer(opts []grpc.ServerOption) *grpc.Server {
	return grpc.NewServer(append(opts, ServerOptions()...)...)
}
