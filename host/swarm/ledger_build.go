package swarm

import (
	"slices"
	"time"

	"github.com/swarmhost/swarmhost/sdk/model"
)

// ledger builds the ledger from the run's accounts, summing in roster
// order. Callers hold r.mu.
func (r *runtime) ledger() Ledger {
	l := Ledger{Version: 1, Budget: r.ledgerBudget(), Caps: r.ledgerCaps(),
		SampleLimits: sampleLimits(r.spec.Budget.Sample), Members: make([]LedgerMember, len(r.members)),
		UnpricedModels: []string{}, NativeCompactionClasses: []string{}}
	var sum meterSum
	for i, m := range r.members {
		l.Members[i] = r.ledgerMember(m)
		sum.add(&m.acct)
		if m.acct.unpricedCalls > 0 && m.spec.Model != nil && !slices.Contains(l.UnpricedModels, m.spec.Model.Name()) {
			l.UnpricedModels = append(l.UnpricedModels, m.spec.Model.Name())
		}
	}
	slices.Sort(l.UnpricedModels)
	l.Runtime, l.Final = emptyMeter(), emptyMeter()
	l.Swarm, l.Calls = sum.meter(), sum.calls
	l.UnpricedCallsRecorded = sum.calls.Unpriced
	l.SampleDelta = l.Swarm.Usage
	l.Unattributed = Usage{TotalCost: floatPtr(0)}
	if l.SampleDelta.TotalCost != nil {
		l.Unattributed.TotalCost = floatPtr(float64(*l.SampleDelta.TotalCost - l.Swarm.Cost))
	}
	l.Overshoot = r.overshoot(sum)
	l.StopReason, l.EndedBy, l.Interrupted = r.ending()
	l.TotalComplete = !l.Interrupted && !anyCancelled(l.Members) && sum.calls.Errored == 0 &&
		sum.calls.NoUsage == 0 && sum.calls.Unpriced == 0 && len(l.UnpricedModels) == 0
	l.AttributionComplete = l.TotalComplete
	return l
}

// ledgerMember is one member's entry. Callers hold r.mu.
func (r *runtime) ledgerMember(m *memberState) LedgerMember {
	var one meterSum
	one.add(&m.acct)
	return LedgerMember{Name: m.spec.Name, Status: strPtr(m.status), Meter: one.meter(), Calls: one.calls,
		Cancelled: memberCancelled(m)}
}

// memberCancelled says the member's agent was cancelled: by the hard stop
// (even after it submitted, during its drain) or by its time limit. A
// member whose own error ended it (the call that reached a sample limit)
// errored; it was not cancelled.
func memberCancelled(m *memberState) bool {
	switch m.status {
	case StatusCancelled, MemberLimit(LimitTime):
		return true
	case StatusErrored:
		return false
	}
	return m.cancelled
}

// meterSum adds accounts up, in the order given.
type meterSum struct {
	in, out, total, cacheWrite, cacheRead, reasoning int64
	cost                                             float64
	priced                                           bool
	calls                                            Calls
}

func (s *meterSum) add(a *account) {
	u := a.usage
	s.in, s.out, s.total = s.in+u.InputTokens, s.out+u.OutputTokens, s.total+u.TotalTokens
	s.cacheWrite, s.cacheRead, s.reasoning = s.cacheWrite+u.InputCacheWrite, s.cacheRead+u.InputCacheRead,
		s.reasoning+u.ReasoningTokens
	s.cost += a.cost
	s.priced = s.priced || a.pricedCalls > 0
	s.calls.Calls += a.calls
	s.calls.Errored += a.cancelled + a.failed
	s.calls.Unpriced += a.unpricedCalls
}

// meter is the sum as a Meter: the usage's total_cost is null when no
// call was priced, the meter's cost then 0.
func (s *meterSum) meter() Meter {
	u := Usage{InputTokens: s.in, OutputTokens: s.out, TotalTokens: s.total,
		InputTokensCacheWrite: nonZero(s.cacheWrite), InputTokensCacheRead: nonZero(s.cacheRead),
		ReasoningTokens: nonZero(s.reasoning)}
	if s.priced {
		u.TotalCost = floatPtr(s.cost)
	}
	return Meter{Usage: u, Cost: Float(s.cost)}
}

func emptyMeter() Meter { return Meter{} }

// nonZero is v, or null when v is zero (an optional ModelUsage count).
func nonZero(v int64) *int64 {
	if v == 0 {
		return nil
	}
	return &v
}

// ending is the ledger's stop_reason, ended_by and interrupted. A sample
// limit or an operator interrupt ends the swarm from outside (ended_by);
// an error (a member's or the controller's) or either of those interrupts
// it; the stop reason is the stop the swarm began itself, null when none
// began. Callers hold r.mu.
func (r *runtime) ending() (stop, endedBy *string, interrupted bool) {
	reason, ended := r.reason, r.endedBy
	if reason == StopOperator || isSampleLimit(reason) {
		reason, ended = "", reason
	}
	if reason == StopError {
		reason = ""
	}
	interrupted = r.aborted || r.runErr != nil || ended != "" || r.reason == StopError
	return strPtr(reason), strPtr(ended), interrupted
}

func anyCancelled(members []LedgerMember) bool {
	return slices.ContainsFunc(members, func(m LedgerMember) bool { return m.Cancelled })
}

// overshoot is usage past each cap: the swarm's time, its cost (null
// when a call was unpriced) and its metered tokens. Callers hold r.mu.
func (r *runtime) overshoot(sum meterSum) Overshoot {
	var o Overshoot
	if t := r.caps.Time; t != nil && r.clock() > t.Seconds() {
		o.Time = floatPtr(r.clock() - t.Seconds())
	}
	if c := r.caps.Cost; c != nil && sum.cost > *c {
		o.Cost = floatPtr(sum.cost - *c)
	}
	if t := r.caps.Tokens; t != nil && r.meteredTotal() > *t {
		o.Tokens = floatPtr(float64(r.meteredTotal() - *t))
	}
	return o
}

// meteredTotal is the swarm's tokens as its token cap meters them, over
// the members' usage summed in roster order. Callers hold r.mu.
func (r *runtime) meteredTotal() int64 {
	var u model.Usage
	for _, m := range r.members {
		u = u.Add(m.acct.usage)
	}
	return Metered(r.caps.TokensMetering, u)
}

// ledgerBudget is the budget as configured.
func (r *runtime) ledgerBudget() LedgerBudget {
	b := r.spec.Budget
	lb := LedgerBudget{Cost: optFloat(b.Cost), Time: seconds(b.Time), Reserve: Float(b.Reserve),
		Split: SplitPool, Grace: Float(r.graceConfigured().Seconds())}
	if b.Tokens != nil {
		lb.Tokens = &LedgerTokens{N: *b.Tokens, Output: orMetering(b.TokensMetering, b.Metering) == MeterOutput,
			Text: b.TokensText}
	}
	switch b.Split {
	case SplitEqual:
		lb.Split = SplitEqual
	case SplitWeights:
		w := make([]Float, len(b.Weights))
		for i, x := range b.Weights {
			w[i] = Float(x)
		}
		lb.Split = w
	}
	return lb
}

// ledgerCaps are the caps in force.
func (r *runtime) ledgerCaps() LedgerCaps {
	return LedgerCaps{Cost: optFloat(r.caps.Cost), Tokens: optFloat(r.caps.Tokens), Time: seconds(r.caps.Time)}
}

// graceConfigured is budget.grace, DefaultGrace when unset.
func (r *runtime) graceConfigured() time.Duration {
	if r.spec.Grace > 0 {
		return r.spec.Grace
	}
	return DefaultGrace
}

func sampleLimits(l Limits) SampleLimits {
	return SampleLimits{Token: optFloat(l.Tokens), Cost: optFloat(l.Cost), Message: optFloat(l.Messages),
		Turn: optFloat(l.Turns), Time: seconds(l.Time)}
}

func seconds(d *time.Duration) *Float {
	if d == nil {
		return nil
	}
	return floatPtr(d.Seconds())
}
