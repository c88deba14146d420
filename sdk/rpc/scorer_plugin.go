package rpc

import (
	"context"

	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// scorerPlugin is the go-plugin GRPCPlugin for scorers.
type scorerPlugin struct {
	plugin.NetRPCUnsupportedPlugin
	impls []scorer.Scorer
}

func (p *scorerPlugin) GRPCServer(b *plugin.GRPCBroker, s *grpc.Server) error {
	pb.RegisterScorerServer(s, &scorerServer{cat: newCatalog(p.impls), dials: &dialCache{broker: b}})
	return nil
}

func (p *scorerPlugin) GRPCClient(_ context.Context, b *plugin.GRPCBroker, c *grpc.ClientConn) (any, error) {
	client := pb.NewScorerClient(c)
	sc := &scorerClient{kindClient: kindClient{kind: KindScorer, rpc: client}, client: client, hosts: newRegistry[scorer.Host]()}
	sc.svc = &hostService{broker: b, register: func(s *grpc.Server) {
		pb.RegisterScorerHostServer(s, &scorerHostServer{hosts: sc.hosts})
	}}
	return sc, nil
}

// scorerServer runs in the plugin process.
type scorerServer struct {
	pb.UnimplementedScorerServer
	cat   *catalog[scorer.Scorer]
	dials *dialCache
}

func (s *scorerServer) Metadata(context.Context, *pb.MetadataRequest) (*pb.MetadataResponse, error) {
	return s.cat.metadata(), nil
}

func (s *scorerServer) ValidateConfig(ctx context.Context, req *pb.ValidateConfigRequest) (*pb.ValidateConfigResponse, error) {
	return s.cat.validate(ctx, req)
}

func (s *scorerServer) Score(ctx context.Context, req *pb.ScoreRequest) (*pb.ScoreResponse, error) {
	impl, conn, err := s.cat.lookupWithHost(req.Plugin, s.dials, req.HostBrokerId)
	if err != nil {
		return nil, err
	}
	sr := scorer.ScoreRequest{
		Config: wire.ConfigFromProto(req.ConfigJson), Sample: wire.SampleFromProto(req.Sample),
		Output: wire.OutputFromProto(req.Output), Messages: wire.MessagesFromProto(req.Messages),
		Record: wire.RecordFromJSON(req.RecordJson), Store: wire.StoreFromJSON(req.StoreJson),
		Host: &scorerHostClient{client: pb.NewScorerHostClient(conn), token: req.HostToken},
	}
	var resp scorer.ScoreResponse
	if err := guard(func() error { return impl.Score(ctx, sr, &resp) }); err != nil {
		return nil, err
	}
	return &pb.ScoreResponse{Score: wire.ScoreToProto(resp.Score), Diagnostics: wire.DiagsToProto(resp.Diagnostics)}, nil
}
