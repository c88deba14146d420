package study

import (
	"math"
	"strconv"
	"testing"

	"github.com/swarmhost/swarmhost/host/config"
)

// approx is the tolerance of the hand-computed values.
const approx = 1e-9

func fp64(x float64) *float64 { return &x }

// near fails unless got is within approx of want (NaN matches NaN).
func near(t *testing.T, what string, want float64, got *float64) {
	t.Helper()
	switch {
	case got == nil:
		t.Errorf("%s: got nil, want %v", what, want)
	case math.IsNaN(want) && math.IsNaN(*got):
	case math.Abs(*got-want) > approx:
		t.Errorf("%s: got %v, want %v", what, *got, want)
	}
}

// attempt is one submitted attempt with a score, a time and a cost.
func attempt(epoch int, score, time float64, tokens int64, dollars float64) Attempt {
	return Attempt{Epoch: epoch, Score: score, Submitted: true, Time: &time,
		Cost:    Cost{Tokens: tokens, Dollars: &dollars, Ledger: true, Complete: true, Attributed: true},
		Members: []Member{{Name: "solo", State: "ended", Status: "submitted", Submitted: true, Chosen: true, Score: fp64(score)}},
		Best:    fp64(score), Mean: fp64(score)}
}

// swarmAttempt is one swarm attempt whose chosen member is the first and
// whose members scored scores.
func swarmAttempt(score float64, tokens int64, dollars float64, scores ...float64) Attempt {
	a := Attempt{Epoch: 1, Score: score, Submitted: true, Time: fp64(1),
		Cost: Cost{Tokens: tokens, Dollars: &dollars, Ledger: true, Complete: true, Attributed: true}}
	best, sum := math.Inf(-1), 0.0
	for i, s := range scores {
		a.Members = append(a.Members, Member{Name: "m" + strconv.Itoa(i+1), State: "ended", Status: "submitted",
			Submitted: true, Chosen: i == 0, Score: fp64(s)})
		best, sum = math.Max(best, s), sum+s
	}
	a.Best, a.Mean = fp64(best), fp64(sum/float64(len(scores)))
	return a
}

// handArms are the arms whose quantities the tests work out by hand
// (see TestCompareHandComputed).
func handArms() []*Arm {
	swarm := &Arm{Label: "swarm", Role: config.RoleSwarm, K: 3, Rule: RuleFirst, MemberScores: true, Samples: []Sample{
		{ID: "s1", Attempts: []Attempt{swarmAttempt(1, 300, 0.030, 1, 0, 1)}},
		{ID: "s2", Attempts: []Attempt{swarmAttempt(0, 330, 0.033, 0, 1, 0)}},
		{ID: "s3", Attempts: []Attempt{swarmAttempt(0, 270, 0.027, 0, 0, 0)}},
	}}
	base := &Arm{Label: "attempts", Role: config.RoleBaseline, K: 4, Samples: []Sample{
		{ID: "s1", Attempts: []Attempt{attempt(1, 1, 1, 100, 0.01), attempt(2, 0, 3, 100, 0.01), attempt(3, 0, 2, 100, 0.01), attempt(4, 1, 4, 100, 0.01)}},
		{ID: "s2", Attempts: []Attempt{attempt(1, 0, 4, 100, 0.01), attempt(2, 0, 2, 100, 0.01), attempt(3, 1, 1, 100, 0.01), attempt(4, 0, 3, 100, 0.01)}},
		{ID: "s3", Attempts: []Attempt{attempt(1, 0, 1, 100, 0.01), attempt(2, 0, 2, 100, 0.01), attempt(3, 0, 3, 100, 0.01), attempt(4, 0, 4, 100, 0.01)}},
	}}
	single := &Arm{Label: "big", Role: config.RoleSingle, K: 3, Samples: []Sample{
		{ID: "s1", Attempts: []Attempt{attempt(1, 1, 5, 310, 0.031)}},
		{ID: "s2", Attempts: []Attempt{attempt(1, 1, 5, 290, 0.029)}},
		{ID: "s3", Attempts: []Attempt{attempt(1, 0, 5, 300, 0.030)}},
	}}
	return []*Arm{swarm, base, single}
}

func compareHand(t *testing.T, mutate func([]*Arm)) *Report {
	t.Helper()
	arms := handArms()
	if mutate != nil {
		mutate(arms)
	}
	r, err := Compare(arms, Options{Study: "hand", Bootstrap: config.Bootstrap{Resamples: 2000, Seed: 1, Confidence: 0.95}})
	if err != nil {
		t.Fatal(err)
	}
	return r
}
