package eval

import (
	"context"
	"fmt"

	"github.com/swarmhost/swarmhost/host/scoring"
	"github.com/swarmhost/swarmhost/sdk/diag"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// declareMetrics asks sc's plugin, when it declares metrics of its own
// (scorer.WithMetrics: the Inspect scorer bridge), for those of its config,
// used when the suite's block names none, and sets the computer of the
// metrics the host does not compute. A plugin that declares none leaves
// sc as it was.
func declareMetrics(ctx context.Context, sc *scorerRun) error {
	wm, ok := sc.impl.(scorer.WithMetrics)
	if !ok {
		return nil
	}
	sc.computeMetric = pluginMetric(wm, sc)
	if sc.cfg.Metrics != nil {
		return nil // the suite's metrics override the scorer's
	}
	var resp scorer.MetricsResponse
	if err := wm.Metrics(ctx, scorer.MetricsRequest{Config: sc.config}, &resp); err != nil {
		return fmt.Errorf("its metrics: %w", err)
	}
	for _, d := range resp.Diagnostics {
		if d.Severity == diag.Error {
			return fmt.Errorf("its metrics: %s: %s", d.Summary, d.Detail)
		}
	}
	if len(resp.Metrics) == 0 {
		return nil
	}
	var set scoring.MetricSet
	if err := set.UnmarshalJSON(resp.Metrics); err != nil {
		return fmt.Errorf("the metrics it declares (%s): %w", resp.Metrics, err)
	}
	sc.declared = &set
	return nil
}

// pluginMetric computes a metric in sc's plugin, over the scored samples.
func pluginMetric(wm scorer.WithMetrics, sc *scorerRun) scoring.MetricComputer {
	config := sc.config
	return func(ctx context.Context, ref scoring.MetricRef, scores []scoring.SampleScore) (scoring.MetricOutput, error) {
		req := scorer.ComputeMetricRequest{Config: config, Metric: ref.Name, Options: ref.Params,
			Samples: make([]scorer.MetricSample, len(scores))}
		for i, s := range scores {
			req.Samples[i] = scorer.MetricSample{Score: s.Score, SampleID: s.SampleID, SampleMetadata: s.Metadata}
		}
		var resp scorer.ComputeMetricResponse
		if err := wm.ComputeMetric(ctx, req, &resp); err != nil {
			return scoring.MetricOutput{}, err
		}
		out := scoring.MetricOutput{Scalar: resp.Value.Scalar, List: resp.Value.List}
		if resp.Value.Dict != nil {
			out.Dict = make([]scoring.NamedValue, len(resp.Value.Dict))
			for i, nv := range resp.Value.Dict {
				out.Dict[i] = scoring.NamedValue{Name: nv.Name, Value: nv.Value}
			}
		}
		return out, nil
	}
}
