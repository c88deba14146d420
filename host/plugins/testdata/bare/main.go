// Command bare completes the handshake with go-plugin directly, without the
// SDK's parent watchdog, so only the host's parent-death signal can end it
// when the host dies. It serves no swarmhost plugin kind, only a no-op one.
package main

import (
	"context"

	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	"github.com/swarmhost/swarmhost/sdk/hostrpc"
)

// noop registers no service; it only makes go-plugin choose gRPC.
type noop struct{ plugin.NetRPCUnsupportedPlugin }

func (noop) GRPCServer(*plugin.GRPCBroker, *grpc.Server) error { return nil }

func (noop) GRPCClient(context.Context, *plugin.GRPCBroker, *grpc.ClientConn) (any, error) {
	return nil, nil
}

func main() {
	plugin.Serve(&plugin.ServeConfig{
		HandshakeConfig:  hostrpc.Handshake,
		VersionedPlugins: map[int]plugin.PluginSet{hostrpc.ProtocolVersion: {"noop": noop{}}},
		GRPCServer:       plugin.DefaultGRPCServer,
	})
}
