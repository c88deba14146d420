// Command v2only serves plugin protocol version 2 only: it completes
// go-plugin's handshake with swarmhost's cookie but no version this host
// speaks, as a plugin built for another host would.
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
	handshake := hostrpc.Handshake
	handshake.ProtocolVersion = 2
	plugin.Serve(&plugin.ServeConfig{
		HandshakeConfig:  handshake,
		VersionedPlugins: map[int]plugin.PluginSet{2: {hostrpc.KindScorer: noop{}}},
		GRPCServer:       plugin.DefaultGRPCServer,
	})
}
