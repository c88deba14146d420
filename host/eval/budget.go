package eval

import (
	"github.com/swarmhost/swarmhost/host/config"
	hostmodel "github.com/swarmhost/swarmhost/host/model"
	"github.com/swarmhost/swarmhost/host/swarm"
)

// budget is the swarm's budget block with the task's limits, as the
// runtime takes them (SPEC §6). Caps left unset are derived per sample by
// the runtime, from the task limits and the time the sample spent before
// its swarm started.
func (r *evalRun) budget() swarm.Budget {
	b := r.sw.Budget
	out := swarm.Budget{Tokens: b.Tokens, TokensMetering: b.TokensMetering, TokensText: b.TokensText,
		Cost: b.Cost, Time: b.Time, Reserve: b.Reserve,
		Split: b.Split.Mode, Weights: b.Split.Weights, Sample: limits(r.task.Limits.Limits),
		Metering: r.task.Limits.TokenMetering}
	return out
}

// memberLimits returns the i-th roster member's own limits and its
// model's price.
func (r *evalRun) memberLimits(i int) (swarm.Limits, *hostmodel.Price) {
	if i >= len(r.sw.Roster) {
		return swarm.Limits{}, nil
	}
	m := r.sw.Roster[i].Member
	var price *hostmodel.Price
	if md := r.suite.Models[m.Model]; md != nil && md.Price != nil {
		price = &hostmodel.Price{Input: md.Price.Input, Output: md.Price.Output}
	}
	return limits(m.Limits), price
}

// limits converts a limits block.
func limits(l config.Limits) swarm.Limits {
	return swarm.Limits{Tokens: l.Tokens, Metering: l.TokensMetering, Cost: l.Cost, Time: l.Time, Messages: l.Messages,
		Turns: l.Turns}
}
