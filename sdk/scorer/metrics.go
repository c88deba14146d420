package scorer

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/swarmhost/swarmhost/sdk/diag"
	"github.com/swarmhost/swarmhost/sdk/schema"
)

// WithMetrics is an optional interface of a [Scorer] that declares its own
// metrics (an Inspect scorer's @scorer(metrics=...)), which the host
// reports for it when the suite's scorer block names none, and computes
// those the host does not compute itself (a custom @metric, or a built-in
// metric with arguments).
type WithMetrics interface {
	// Metrics returns the metrics the scorer declares for a config; an
	// empty response declares none.
	Metrics(ctx context.Context, req MetricsRequest, resp *MetricsResponse) error
	// ComputeMetric computes one declared metric over reduced sample scores.
	ComputeMetric(ctx context.Context, req ComputeMetricRequest, resp *ComputeMetricResponse) error
}

// ErrNoMetrics is returned (wrapped) by a host's ComputeMetric for a
// scorer that declares no metrics of its own (its plugin does not
// implement [WithMetrics]).
var ErrNoMetrics = errors.New("scorer: the scorer computes no metrics")

// MetricsRequest asks for a scorer's declared metrics.
type MetricsRequest struct {
	Config schema.Config
}

// MetricsResponse carries the declared metrics.
type MetricsResponse struct {
	// Metrics is JSON in the form of an Inspect log's
	// eval.scorers[].metrics: a list whose items are {"name", "options"}
	// objects or {key: [{"name", "options"}]} objects, or one {key: [...]}
	// object; keys in declared order. Empty declares none.
	Metrics json.RawMessage
	// Diagnostics say why the config's metrics cannot be declared.
	Diagnostics diag.Diagnostics
}

// MetricSample is one sample's reduced score as a metric reads it
// (Inspect's SampleScore).
type MetricSample struct {
	Score          Score
	SampleID       string
	SampleMetadata map[string]any
}

// ComputeMetricRequest asks for one declared metric's value.
type ComputeMetricRequest struct {
	Config schema.Config
	// Metric is the metric's registry name as Metrics declared it.
	Metric string
	// Options are its arguments as Metrics declared them.
	Options map[string]any
	// Samples are the scored samples (none unscored), in sample order; may
	// be empty.
	Samples []MetricSample
}

// ComputeMetricResponse carries the metric's value.
type ComputeMetricResponse struct {
	Value MetricValue
}

// MetricValue is a metric's value: a number, named numbers or a list of
// numbers; exactly one of Scalar, Dict and List is set. A nil number is
// Python's None.
type MetricValue struct {
	Scalar *float64
	Dict   []NamedNumber
	List   []*float64
}

// NamedNumber is one entry of a dict-valued metric.
type NamedNumber struct {
	Name  string
	Value *float64
}
