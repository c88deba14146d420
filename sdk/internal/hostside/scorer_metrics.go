package hostside

import (
	"context"
	"fmt"
	"slices"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// Metrics asks the plugin for the metrics it declares for req.Config. A
// plugin whose metadata does not list [protocol.CapabilityScorerMetrics]
// is not asked and declares none (an empty response), as is one that
// answers UNIMPLEMENTED (an older SDK).
func (r *remoteScorer) Metrics(ctx context.Context, req scorer.MetricsRequest, resp *scorer.MetricsResponse) error {
	var md scorer.MetadataResponse
	r.c.metadata(ctx, r.name, &md)
	if !slices.Contains(md.Capabilities, protocol.CapabilityScorerMetrics) {
		return nil
	}
	out, err := r.c.client.Metrics(ctx, &pb.MetricsRequest{Plugin: r.name, ConfigJson: req.Config.JSON()})
	if status.Code(err) == codes.Unimplemented {
		return nil
	}
	if err != nil {
		return protocol.CallError("scorer "+r.name+" metrics", err)
	}
	resp.Metrics, resp.Diagnostics = out.GetMetricsJson(), wire.DiagsFromProto(out.GetDiagnostics())
	return nil
}

// ComputeMetric asks the plugin for one of its declared metrics' value;
// an UNIMPLEMENTED answer is [scorer.ErrNoMetrics].
func (r *remoteScorer) ComputeMetric(ctx context.Context, req scorer.ComputeMetricRequest, resp *scorer.ComputeMetricResponse) error {
	out, err := r.c.client.ComputeMetric(ctx, &pb.ComputeMetricRequest{Plugin: r.name, ConfigJson: req.Config.JSON(),
		Metric: req.Metric, OptionsJson: wire.OptionsToJSON(req.Options), Samples: wire.MetricSamplesToProto(req.Samples)})
	if status.Code(err) == codes.Unimplemented {
		return fmt.Errorf("scorer %s: %w", r.name, scorer.ErrNoMetrics)
	}
	if err != nil {
		return protocol.CallError("scorer "+r.name+" compute metric "+req.Metric, err)
	}
	resp.Value = wire.MetricValueFromProto(out)
	if resp.Value.Scalar == nil && resp.Value.Dict == nil && resp.Value.List == nil {
		return fmt.Errorf("scorer %s: metric %s: the plugin returned no value", r.name, req.Metric)
	}
	return nil
}
