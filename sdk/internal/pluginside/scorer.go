package pluginside

import (
	"context"
	"slices"

	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/swarmhost/swarmhost/sdk/base"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// scorerPlugin is the go-plugin GRPCPlugin for scorers.
type scorerPlugin struct {
	serverOnly
	impls []scorer.Scorer
}

func (p *scorerPlugin) GRPCServer(b *plugin.GRPCBroker, s *grpc.Server) error {
	cat := newCatalog(p.impls)
	for i, md := range cat.infos {
		cat.infos[i] = withScorerReads(md, scorer.ReadsOf(cat.byName[md.Name]))
		if _, ok := cat.byName[md.Name].(scorer.WithMetrics); ok && !slices.Contains(md.Capabilities, protocol.CapabilityScorerMetrics) {
			cat.infos[i].Capabilities = append(slices.Clip(cat.infos[i].Capabilities), protocol.CapabilityScorerMetrics)
		}
	}
	pb.RegisterScorerServer(s, &scorerServer{cat: cat, dials: &dialCache{broker: b}})
	return nil
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
	sr := scoreRequestFromProto(req, scorer.ReadsOf(impl))
	sr.Host = &scorerHostClient{client: pb.NewScorerHostClient(conn), token: req.HostToken}
	var resp scorer.ScoreResponse
	if err := protocol.ServerGuard(func() error { return impl.Score(ctx, sr, &resp) }); err != nil {
		return nil, err
	}
	return &pb.ScoreResponse{Score: wire.ScoreToProto(resp.Score), Diagnostics: wire.DiagsToProto(resp.Diagnostics)}, nil
}

// scoreRequestFromProto decodes req for a scorer that reads reads: what it
// does not read is left out (Omitted), even when a host sent it.
func scoreRequestFromProto(req *pb.ScoreRequest, reads scorer.Reads) scorer.ScoreRequest {
	sr := scorer.ScoreRequest{
		Config: wire.ConfigFromProto(req.ConfigJson), Sample: wire.SampleFromProto(req.Sample),
		Output: wire.OutputFromProto(req.Output), Messages: wire.MessagesFromProto(req.Messages),
		Omitted: scorer.ReadsAll &^ reads, Sandboxes: req.Sandboxes,
	}
	if reads.Has(scorer.ReadsRecord) {
		sr.Record = wire.RecordFromJSON(req.RecordJson)
	}
	if reads.Has(scorer.ReadsStore) {
		sr.Store = wire.StoreFromJSON(req.StoreJson)
	}
	return sr
}

// withScorerReads returns md listing the capability of every snapshot
// reads leaves out, once each, never sharing the author's slice.
func withScorerReads(md base.MetadataResponse, reads scorer.Reads) base.MetadataResponse {
	for _, c := range protocol.ScorerCapabilities {
		if !reads.Has(c.Part) && !slices.Contains(md.Capabilities, c.Name) {
			md.Capabilities = append(slices.Clip(md.Capabilities), c.Name)
		}
	}
	return md
}

// Metrics answers with the scorer's declared metrics; UNIMPLEMENTED for a
// scorer without [scorer.WithMetrics].
func (s *scorerServer) Metrics(ctx context.Context, req *pb.MetricsRequest) (*pb.MetricsResponse, error) {
	impl, err := s.cat.lookup(req.Plugin)
	if err != nil {
		return nil, err
	}
	wm, ok := impl.(scorer.WithMetrics)
	if !ok {
		return nil, status.Errorf(codes.Unimplemented, "scorer %s declares no metrics", req.Plugin)
	}
	var resp scorer.MetricsResponse
	if err := protocol.ServerGuard(func() error {
		return wm.Metrics(ctx, scorer.MetricsRequest{Config: wire.ConfigFromProto(req.ConfigJson)}, &resp)
	}); err != nil {
		return nil, err
	}
	return &pb.MetricsResponse{MetricsJson: resp.Metrics, Diagnostics: wire.DiagsToProto(resp.Diagnostics)}, nil
}

// ComputeMetric answers with one declared metric's value; UNIMPLEMENTED
// for a scorer without [scorer.WithMetrics].
func (s *scorerServer) ComputeMetric(ctx context.Context, req *pb.ComputeMetricRequest) (*pb.ComputeMetricResponse, error) {
	impl, err := s.cat.lookup(req.Plugin)
	if err != nil {
		return nil, err
	}
	wm, ok := impl.(scorer.WithMetrics)
	if !ok {
		return nil, status.Errorf(codes.Unimplemented, "scorer %s computes no metrics", req.Plugin)
	}
	var resp scorer.ComputeMetricResponse
	if err := protocol.ServerGuard(func() error {
		return wm.ComputeMetric(ctx, scorer.ComputeMetricRequest{Config: wire.ConfigFromProto(req.ConfigJson),
			Metric: req.Metric, Options: wire.OptionsFromJSON(req.OptionsJson),
			Samples: wire.MetricSamplesFromProto(req.Samples)}, &resp)
	}); err != nil {
		return nil, err
	}
	return wire.MetricValueToProto(resp.Value), nil
}
