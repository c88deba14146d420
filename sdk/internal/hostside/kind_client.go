package hostside

import (
	"context"

	"google.golang.org/grpc"

	"github.com/swarmhost/swarmhost/sdk/base"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
)

// catalogRPC is the part of every kind's generated gRPC client (pb.AgentClient,
// pb.ControllerClient, pb.ScorerClient) that asks a plugin process what it serves.
type catalogRPC interface {
	Metadata(ctx context.Context, in *pb.MetadataRequest, opts ...grpc.CallOption) (*pb.MetadataResponse, error)
	ValidateConfig(ctx context.Context, in *pb.ValidateConfigRequest, opts ...grpc.CallOption) (*pb.ValidateConfigResponse, error)
}

// kindClient is what the host's handle on a plugin process does the same for every kind:
// list the plugins the process serves and have one check a config. The kind's client
// (agentClient, controllerClient, scorerClient) embeds it.
type kindClient struct {
	// kind is protocol.KindAgent, protocol.KindController or protocol.KindScorer: it names the call in errors.
	kind string
	rpc  catalogRPC
}

// Plugins returns the metadata of every plugin of the kind the process serves.
func (c kindClient) Plugins(ctx context.Context) ([]base.MetadataResponse, error) {
	resp, err := c.rpc.Metadata(ctx, &pb.MetadataRequest{})
	if err != nil {
		return nil, protocol.CallError(c.kind+" metadata", err)
	}
	return pluginInfos(resp), nil
}

// Validate asks the named plugin to check a decoded config.
func (c kindClient) Validate(ctx context.Context, name string, config []byte) (base.ValidateConfigResponse, error) {
	resp, err := c.rpc.ValidateConfig(ctx, &pb.ValidateConfigRequest{Plugin: name, ConfigJson: config})
	if err != nil {
		return base.ValidateConfigResponse{}, protocol.CallError(c.kind+" validate config", err)
	}
	return base.ValidateConfigResponse{Diagnostics: wire.DiagsFromProto(resp.Diagnostics)}, nil
}

// metadata sets *resp to the named plugin's metadata, as each kind's proxy answers Metadata;
// it leaves *resp alone when the process does not answer or serves no such plugin.
func (c kindClient) metadata(ctx context.Context, name string, resp *base.MetadataResponse) {
	infos, err := c.Plugins(ctx)
	if err != nil {
		return
	}
	for _, md := range infos {
		if md.Name == name {
			*resp = md
		}
	}
}

// pluginInfos converts a Metadata response for the host.
func pluginInfos(resp *pb.MetadataResponse) []base.MetadataResponse {
	out := make([]base.MetadataResponse, len(resp.GetPlugins()))
	for i, p := range resp.GetPlugins() {
		out[i] = wire.InfoFromProto(p)
	}
	return out
}
