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
// finished so far; callers hold r.mu.
func (r *evalRun) liveMetric() {
	if len(r.scorers) == 0 {
		return
	}
	sc := r.scorers[0]
	names := sc.cfg.Metrics
	if len(names) == 0 {
		names = scoring.DefaultMetrics(sc.cfg.Plugin)
	}
	if len(names) == 0 {
		return
	}
	reduced := reduce(r.reducers()[0], groupBySample(r.results, 0))
	values, _, _, err := scoring.ComputeMetrics(names[:1], reduced.scores)
	if err == nil && len(values) == 1 {
		r.meter.metric(sc.name+" "+values[0].Name, values[0].Value)
	}
}
