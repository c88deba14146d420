package study

import (
	"fmt"

	"github.com/swarmhost/swarmhost/host/config"
)

// armQuantities are the rows one arm contributes at the report's k: a
// swarm's final@k, team@k and mean member; a baseline's pass@k, best@k and
// select@k; a single agent's score.
func (r *Report) armQuantities(arm *Arm, order []string) []Quantity {
	cost := costPerAttempt(arm)
	switch arm.Role {
	case config.RoleSwarm:
		tokens, dollars := cost.times(1)
		final := newQuantity(KindFinal, arm, arm.K, perSampleMean(arm, finalScore), order)
		team := newQuantity(KindTeam, arm, arm.K, perSampleMean(arm, bestMember), order)
		members := newQuantity(KindMeanMember, arm, arm.K, perSampleMean(arm, meanMember), order)
		if team.Value == nil {
			team.Note, members.Note = noMemberScores(arm), noMemberScores(arm)
		}
		return withCost([]Quantity{final, team, members}, tokens, dollars)
	case config.RoleBaseline:
		var out []Quantity
		for _, kind := range []Kind{KindPass, KindBest, KindSelect} {
			q := r.baselineAt(kind, arm, r.K, order)
			tokens, dollars := cost.times(r.K)
			q.Tokens, q.Dollars = tokens, dollars
			out = append(out, q)
		}
		return out
	}
	tokens, dollars := cost.times(1)
	single := newQuantity(KindSingle, arm, arm.K, perSampleMean(arm, finalScore), order)
	return withCost([]Quantity{single}, tokens, dollars)
}

// baselineAt is a baseline quantity at k.
func (r *Report) baselineAt(kind Kind, arm *Arm, k int, order []string) Quantity {
	values := map[string]float64{}
	replayable := r.Rule == RuleFirst || r.Rule == RuleLast
	if kind != KindSelect || replayable {
		for _, s := range arm.Samples {
			sel := selector{rule: r.Rule, seed: r.Bootstrap.Seed, sample: s.ID}
			values[s.ID] = fromEpochs(kind, sel, s.Attempts, k)
		}
	}
	q := newQuantity(kind, arm, k, values, order)
	switch {
	case kind == KindSelect && !replayable:
		q.Note = fmt.Sprintf("the swarm's answer is chosen by its %s rule, which cannot be replayed on independent attempts", r.Rule)
	case q.Value == nil:
		q.Note = fmt.Sprintf("needs at least %d scored attempts per sample; the baseline has %d", k, arm.K)
	case kind == KindSelect && r.Rule != "":
		q.Note = fmt.Sprintf("the %s submission of %d attempts", r.Rule, k)
	}
	return q
}

// noMemberScores says why a swarm arm has no team@k or mean member.
func noMemberScores(arm *Arm) string {
	if arm.Source == SourceInspectSwarm {
		return "not recorded: Inspect Swarm scores no member on its own"
	}
	return "not recorded: the log has no member scores (set member_scores = true on the scorer, or run the eval as a study arm)"
}

// withCost sets every row's cost.
func withCost(qs []Quantity, tokens, dollars *float64) []Quantity {
	for i := range qs {
		qs[i].Tokens, qs[i].Dollars = tokens, dollars
	}
	return qs
}
