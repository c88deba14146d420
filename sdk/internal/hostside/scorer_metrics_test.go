package hostside

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// metricScorer declares one custom metric and computes it as the sum of
// the values times the option "k", naming the samples it saw.
type metricScorer struct{ seenScorer }

func (s *metricScorer) Metrics(_ context.Context, _ scorer.MetricsRequest, resp *scorer.MetricsResponse) error {
	resp.Metrics = []byte(`[{"name": "mine/total", "options": {"k": 2}}, {"*": [{"name": "inspect_ai/mean", "options": {}}]}]`)
	return nil
}

func (s *metricScorer) ComputeMetric(_ context.Context, req scorer.ComputeMetricRequest, resp *scorer.ComputeMetricResponse) error {
	total := 0.0
	for _, smp := range req.Samples {
		total += smp.Score.Value.(float64) * req.Options["k"].(float64)
	}
	if req.Metric == "mine/bounds" {
		lo, none := 0.0, (*float64)(nil)
		resp.Value = scorer.MetricValue{Dict: []scorer.NamedNumber{{Name: "lower", Value: &lo}, {Name: "upper", Value: none}}}
		return nil
	}
	resp.Value = scorer.MetricValue{Scalar: &total}
	return nil
}

// TestScorerMetricsOverTheWire: a scorer with scorer.WithMetrics lists the
// capability and answers Metrics and ComputeMetric through the host's
// client (values, options, sample ids and metadata, None entries); one
// without declares none and computes nothing.
func TestScorerMetricsOverTheWire(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	with := &metricScorer{seenScorer{name: "with", got: make(chan seenScore, 1)}}
	without := &seenScorer{name: "without", got: make(chan seenScore, 1)}
	client := InProcess(t, Plugins{Scorers: []scorer.Scorer{with, without}})

	remote := client.Scorer("with")
	var md scorer.MetadataResponse
	remote.Metadata(ctx, scorer.MetadataRequest{}, &md)
	assert.Contains(t, md.Capabilities, protocol.CapabilityScorerMetrics)
	wm, ok := remote.(scorer.WithMetrics)
	require.True(t, ok)
	var mr scorer.MetricsResponse
	require.NoError(t, wm.Metrics(ctx, scorer.MetricsRequest{}, &mr))
	assert.JSONEq(t, `[{"name": "mine/total", "options": {"k": 2}}, {"*": [{"name": "inspect_ai/mean", "options": {}}]}]`,
		string(mr.Metrics))
	var cr scorer.ComputeMetricResponse
	req := scorer.ComputeMetricRequest{Metric: "mine/total", Options: map[string]any{"k": 2.0}, Samples: []scorer.MetricSample{
		{Score: scorer.Score{Value: 1.5}, SampleID: "a", SampleMetadata: map[string]any{"group": "g"}},
		{Score: scorer.Score{Value: 2.0}, SampleID: "b"}}}
	require.NoError(t, wm.ComputeMetric(ctx, req, &cr))
	require.NotNil(t, cr.Value.Scalar)
	assert.InDelta(t, 7.0, *cr.Value.Scalar, 1e-12)
	req.Metric = "mine/bounds"
	require.NoError(t, wm.ComputeMetric(ctx, req, &cr))
	require.Len(t, cr.Value.Dict, 2)
	assert.Equal(t, "lower", cr.Value.Dict[0].Name)
	assert.Nil(t, cr.Value.Dict[1].Value, "None stays None")

	plain := client.Scorer("without").(scorer.WithMetrics)
	mr = scorer.MetricsResponse{}
	require.NoError(t, plain.Metrics(ctx, scorer.MetricsRequest{}, &mr))
	assert.Empty(t, mr.Metrics, "a scorer without WithMetrics declares none")
	assert.ErrorIs(t, plain.ComputeMetric(ctx, req, &cr), scorer.ErrNoMetrics)
}
