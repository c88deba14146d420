package swarm

import (
	"time"
)

// ledger builds the ledger from the run's accounts. Callers hold r.mu.
func (r *runtime) ledger() Ledger {
	b := r.spec.Budget
	l := Ledger{Version: 1, Budget: r.ledgerBudget(), Limits: ledgerLimits(b.Sample, meteringOf(b)),
		Caps:       LedgerCaps{Tokens: r.caps.Tokens, Cost: r.caps.Cost, Time: seconds(r.caps.Time)},
		Members:    make([]LedgerMember, len(r.members)),
		Swarm:      LedgerSwarm{LedgerUsage: ledgerUsage(&r.total)},
		StopReason: strPtr(r.reason), TotalComplete: r.total.cancelled == 0}
	for i, m := range r.members {
		l.Members[i] = LedgerMember{Name: m.spec.Name, Status: strPtr(m.status),
			Limits: ledgerLimits(m.spec.Limits, ""), LedgerUsage: ledgerUsage(&m.acct), Messages: m.acct.messages,
			Overshoot: MemberOvershoot{
				Tokens: overInt(m.acct.metered, tighter(m.shareTokens, m.spec.Limits.Tokens)),
				Cost:   overCost(&m.acct, tighter(m.shareCost, m.spec.Limits.Cost))}}
		if m.shareTokens != nil || m.shareCost != nil {
			l.Members[i].Share = &LedgerShare{Tokens: m.shareTokens, Cost: m.shareCost}
		}
	}
	l.Swarm.Overshoot = SwarmOvershoot{Tokens: overInt(r.total.metered, r.caps.Tokens),
		Cost: overCost(&r.total, r.caps.Cost)}
	if r.caps.Time != nil {
		t := max(r.clock()-r.caps.Time.Seconds(), 0)
		l.Swarm.Overshoot.Time = &t
	}
	return l
}

// ledgerBudget is the budget as configured.
func (r *runtime) ledgerBudget() LedgerBudget {
	b := r.spec.Budget
	lb := LedgerBudget{Tokens: b.Tokens, Cost: b.Cost, Time: seconds(b.Time), Reserve: b.Reserve,
		Split: SplitPool, Grace: r.graceConfigured().Seconds()}
	switch b.Split {
	case SplitEqual:
		lb.Split = SplitEqual
	case SplitWeights:
		lb.Split = append([]float64{}, b.Weights...)
	}
	return lb
}

// graceConfigured is budget.grace, DefaultGrace when unset.
func (r *runtime) graceConfigured() time.Duration {
	if r.spec.Grace > 0 {
		return r.spec.Grace
	}
	return DefaultGrace
}

func meteringOf(b Budget) string {
	if b.Metering == "" {
		return MeterTotal
	}
	return b.Metering
}

func ledgerLimits(l Limits, metering string) LedgerLimits {
	return LedgerLimits{Tokens: l.Tokens, Cost: l.Cost, Time: seconds(l.Time), Messages: l.Messages,
		Turns: l.Turns, TokenMetering: metering}
}

func ledgerUsage(a *account) LedgerUsage {
	u := LedgerUsage{InputTokens: a.usage.InputTokens, InputTokensCacheRead: a.usage.InputCacheRead,
		InputTokensCacheWrite: a.usage.InputCacheWrite, OutputTokens: a.usage.OutputTokens,
		TotalTokens: a.usage.TotalTokens, MeteredTokens: a.metered, Calls: a.calls,
		CancelledCalls: a.cancelled, FailedCalls: a.failed, Complete: a.cancelled == 0}
	if !a.unpriced {
		c := a.cost
		u.Cost = &c
	}
	return u
}

// tighter is the smaller of two optional bounds.
func tighter[T int64 | float64](a, b *T) *T {
	switch {
	case a == nil:
		return b
	case b == nil || *a <= *b:
		return a
	}
	return b
}

func overInt(v int64, bound *int64) *int64 {
	if bound == nil {
		return nil
	}
	o := max(v-*bound, 0)
	return &o
}

// overCost is the cost past bound; null without a bound or with an
// unknown cost.
func overCost(a *account, bound *float64) *float64 {
	if bound == nil || a.unpriced {
		return nil
	}
	o := max(a.cost-*bound, 0)
	return &o
}

func seconds(d *time.Duration) *float64 {
	if d == nil {
		return nil
	}
	s := d.Seconds()
	return &s
}
