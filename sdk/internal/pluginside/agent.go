package pluginside

import (
	"context"
	"slices"

	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	"github.com/swarmhost/swarmhost/sdk/agent"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
)

// agentPlugin is the go-plugin GRPCPlugin for agents.
type agentPlugin struct {
	serverOnly
	impls []agent.Agent
}

func (p *agentPlugin) GRPCServer(_ *plugin.GRPCBroker, s *grpc.Server) error {
	cat := newCatalog(p.impls)
	for i, md := range cat.infos {
		if !slices.Contains(md.Capabilities, protocol.CapabilityMemberStream) {
			cat.infos[i].Capabilities = append(slices.Clip(md.Capabilities), protocol.CapabilityMemberStream)
		}
	}
	pb.RegisterAgentServer(s, &agentServer{cat: cat})
	return nil
}

// agentServer runs in the plugin process: the host runs every member on
// its member stream (Members, members.go).
type agentServer struct {
	pb.UnimplementedAgentServer
	cat *catalog[agent.Agent]
}

func (s *agentServer) Metadata(context.Context, *pb.MetadataRequest) (*pb.MetadataResponse, error) {
	return s.cat.metadata(), nil
}

func (s *agentServer) ValidateConfig(ctx context.Context, req *pb.ValidateConfigRequest) (*pb.ValidateConfigResponse, error) {
	return s.cat.validate(ctx, req)
}
