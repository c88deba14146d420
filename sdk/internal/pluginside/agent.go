package pluginside

import (
	"context"
	"slices"

	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/base"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
)

// agentPlugin is the go-plugin GRPCPlugin for agents.
type agentPlugin struct {
	serverOnly
	impls []agent.Agent
	// unaryOnly leaves protocol.CapabilityMemberStream out of the metadata, so the
	// host runs each member as one Run call (tests of that path).
	unaryOnly bool
}

func (p *agentPlugin) GRPCServer(b *plugin.GRPCBroker, s *grpc.Server) error {
	cat := newCatalog(p.impls)
	if !p.unaryOnly {
		for i, md := range cat.infos {
			cat.infos[i] = withMemberStream(md)
		}
	}
	pb.RegisterAgentServer(s, &agentServer{cat: cat, dials: &dialCache{broker: b}})
	return nil
}

// agentServer runs in the plugin process.
type agentServer struct {
	pb.UnimplementedAgentServer
	cat   *catalog[agent.Agent]
	dials *dialCache
}

func (s *agentServer) Metadata(context.Context, *pb.MetadataRequest) (*pb.MetadataResponse, error) {
	return s.cat.metadata(), nil
}

func (s *agentServer) ValidateConfig(ctx context.Context, req *pb.ValidateConfigRequest) (*pb.ValidateConfigResponse, error) {
	return s.cat.validate(ctx, req)
}

func (s *agentServer) Run(ctx context.Context, req *pb.RunRequest) (*pb.RunResponse, error) {
	impl, conn, err := s.cat.lookupWithHost(req.Plugin, s.dials, req.HostBrokerId)
	if err != nil {
		return nil, err
	}
	run := wire.RunRequestFromProto(req, &agentHostClient{client: pb.NewAgentHostClient(conn), token: req.HostToken})
	var resp agent.RunResponse
	if err := protocol.ServerGuard(func() error { return impl.Run(ctx, run, &resp) }); err != nil {
		return nil, err
	}
	return &pb.RunResponse{Output: wire.OutputToProto(resp.Output)}, nil
}

// withMemberStream returns md with protocol.CapabilityMemberStream listed
// once, never sharing the author's slice.
func withMemberStream(md base.MetadataResponse) base.MetadataResponse {
	if !slices.Contains(md.Capabilities, protocol.CapabilityMemberStream) {
		md.Capabilities = append(slices.Clip(md.Capabilities), protocol.CapabilityMemberStream)
	}
	return md
}
