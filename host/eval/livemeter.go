package eval

import (
	"context"

	hostmodel "github.com/swarmhost/swarmhost/host/model"
	"github.com/swarmhost/swarmhost/host/scoring"
)

// meteredProvider counts a model's calls in flight and the tokens of its
// finished calls on the eval's Meter, for the live display: tokens there
// grow with every call, not only with every finished sample.
type meteredProvider struct {
	hostmodel.Provider
	meter *Meter
	// limit is the model's connection cap (0: unknown).
	limit int
}

// Generate makes the call, counted while in flight.
func (p *meteredProvider) Generate(ctx context.Context, req hostmodel.Request) (hostmodel.Result, error) {
	p.meter.call(1, 0)
	res, err := p.Provider.Generate(ctx, req)
	p.meter.call(-1, res.Output.Usage.TotalTokens)
	return res, err
}

// call moves the calls in flight by delta and adds a finished call's tokens.
func (m *Meter) call(delta int, tokens int64) {
	m.mu.Lock()
	m.p.CallsInFlight += delta
	m.p.CallTokens += tokens
	m.mu.Unlock()
}

// connections adds a model's connection cap to the eval's total.
func (m *Meter) connections(n int) {
	m.mu.Lock()
	m.p.Connections += n
	m.mu.Unlock()
}

// metric records the live value of the first scorer's first metric.
func (m *Meter) metric(name string, value float64) {
	m.mu.Lock()
	m.p.MetricName, m.p.MetricValue = name, value
	m.mu.Unlock()
}

// liveMetric computes the first scorer's first metric over the samples
// finished so far (the first key's, for dict-valued scores with per-key
// metrics, as Inspect's headline); callers hold r.mu.
func (r *evalRun) liveMetric() {
	if len(r.scorers) == 0 {
		return
	}
	sc := r.scorers[0]
	reduced := reduce(r.reducers()[0], groupBySample(r.results, 0))
	name, value, ok := liveHeadline(sc.name, r.metricSet(sc), r.metricInput(reduced, metadataOf(r.results)))
	if ok {
		r.meter.metric(name, value)
	}
}

// liveHeadline is the first metric of the first result, with its result's
// name: built-in metrics only (a metric the scorer computes is computed
// once, when the eval ends). ok is false when there is none yet.
func liveHeadline(scorer string, set scoring.MetricSet, scores []scoring.SampleScore) (name string, value float64, ok bool) {
	res, err := scoring.Results(context.Background(), scoring.ResultsRequest{Scorer: scorer, Metrics: builtinOnly(set), Scores: scores})
	if err != nil {
		return "", 0, false
	}
	for _, sr := range res {
		if len(sr.Metrics) > 0 {
			return sr.Name + " " + sr.Metrics[0].Key, sr.Metrics[0].Value, true
		}
	}
	return "", 0, false
}

// builtinOnly is set without the metrics the host does not compute (an
// Inspect scorer's custom ones): the live headline is the first metric the
// host computes, never a plugin call per finished sample.
func builtinOnly(set scoring.MetricSet) scoring.MetricSet {
	keep := func(refs []scoring.MetricRef) []scoring.MetricRef {
		var out []scoring.MetricRef
		for _, ref := range refs {
			if _, ok := scoring.Builtin(ref); ok {
				out = append(out, ref)
			}
		}
		return out
	}
	keys := func(ks []scoring.KeyMetrics) []scoring.KeyMetrics {
		out := make([]scoring.KeyMetrics, len(ks))
		for i, k := range ks {
			out[i] = scoring.KeyMetrics{Key: k.Key, Metrics: keep(k.Metrics)}
		}
		return out
	}
	out := scoring.MetricSet{IsDict: set.IsDict, Dict: keys(set.Dict)}
	for _, it := range set.Items {
		switch {
		case it.Metric != nil:
			if _, ok := scoring.Builtin(*it.Metric); ok {
				out.Items = append(out.Items, it)
			}
		default:
			out.Items = append(out.Items, scoring.MetricItem{Keys: keys(it.Keys)})
		}
	}
	return out
}
