package swarm

import (
	hostmodel "github.com/swarmhost/swarmhost/host/model"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// account is the usage of one member, or of the whole swarm; guarded by
// runtime.mu. Every model call a member starts ends in exactly one of
// calls (recorded: usage known), cancelled (cancelled in flight: usage
// unknown, never counted as zero) or failed (the provider answered with an
// error: no usage).
type account struct {
	// usage is summed over the recorded calls; a token limit meters the
	// sum (Metered), as Inspect's do.
	usage model.Usage
	cost  float64
	// unpriced is set when a recorded call's model has no price and the
	// provider reported no cost: the cost is unknown.
	unpriced bool
	// unpricedCalls counts the recorded calls without a cost; pricedCalls
	// those with one.
	unpricedCalls int
	pricedCalls   int
	calls         int
	cancelled     int
	failed        int
	// messages is the longest conversation a call made (members only).
	messages int64
}

// record adds one recorded call.
func (a *account) record(u model.Usage, cost float64, priced bool) {
	a.usage = a.usage.Add(u)
	a.cost += cost
	a.unpriced = a.unpriced || !priced
	if priced {
		a.pricedCalls++
	} else {
		a.unpricedCalls++
	}
	a.calls++
}

// callCost is the dollars of a call: the cost the provider reported (a
// priced model's provider sets it), else the cost at price. priced is false
// when neither is known: the cost is then unknown, not zero.
func callCost(price *hostmodel.Price, u model.Usage) (cost float64, priced bool) {
	switch {
	case u.TotalCost > 0:
		return u.TotalCost, true
	case price != nil:
		return price.Cost(u), true
	}
	return 0, false
}

// charge records a member's call in its account and the swarm's.
func (r *runtime) charge(m *memberState, u model.Usage, messages int64) {
	cost, priced := callCost(m.spec.Price, u)
	m.acct.record(u, cost, priced)
	r.total.record(u, cost, priced)
	r.sampleAcct.record(u, cost, priced)
	m.acct.messages = max(m.acct.messages, messages)
}

// lost records a call that ended without usage: cancelled in flight when
// its context ended first, else failed.
func (r *runtime) lost(m *memberState, cancelled bool) {
	if cancelled {
		m.acct.cancelled++
		r.total.cancelled++
		return
	}
	m.acct.failed++
	r.total.failed++
}

// modelUsage is the recorded usage per model name, summed over the members
// in roster order (each member's in its call order), so the sample's
// model_usage, like the ledger, does not depend on the order in which
// members end. Callers hold r.mu.
func (r *runtime) modelUsage() map[string]model.Usage {
	out := map[string]model.Usage{}
	for _, m := range r.members {
		if m.acct.calls == 0 || m.spec.Model == nil {
			continue
		}
		name := m.spec.Model.Name()
		out[name] = out[name].Add(m.acct.usage)
	}
	return out
}
