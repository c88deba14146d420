package study

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/swarmhost/swarmhost/host/config"
)

// Pair is one fair comparison: quantity A minus quantity B, sample by
// sample, on the samples both have.
type Pair struct {
	// A and B name the quantities ("final@3 (swarm)").
	A string `json:"a"`
	B string `json:"b"`
	// Fair says why the two are like for like: both choose with the target
	// ("oracle"), or neither does ("no oracle").
	Fair string `json:"fair"`
	// Mean is the mean difference; Low and High its percentile bootstrap
	// interval (Report.Bootstrap); nil without a paired sample.
	Mean *float64 `json:"mean"`
	Low  *float64 `json:"low"`
	High *float64 `json:"high"`
	// Samples is how many samples are paired; Diffs their differences.
	Samples int          `json:"samples"`
	Diffs   []SampleDiff `json:"diffs"`
}

// SampleDiff is one sample's values on both sides.
type SampleDiff struct {
	Sample string  `json:"sample"`
	A      float64 `json:"a"`
	B      float64 `json:"b"`
	Diff   float64 `json:"diff"`
}

// Fairness labels.
const (
	FairOracle   = "both choose with the target"
	FairNoOracle = "neither chooses with the target"
)

// pairs are the fair pairs of every swarm arm: team@k against the
// baseline's pass@k and best@k, final@k against select@k and each single
// agent.
func (r *Report) pairs(order []string) []Pair {
	out := []Pair{}
	for _, sw := range r.armsOf(config.RoleSwarm) {
		team, final := r.quantity(sw.Label, KindTeam), r.quantity(sw.Label, KindFinal)
		for _, b := range r.armsOf(config.RoleBaseline) {
			for _, kind := range []Kind{KindPass, KindBest} {
				out = r.appendPair(out, team, r.quantity(b.Label, kind), FairOracle, order)
			}
			out = r.appendPair(out, final, r.quantity(b.Label, KindSelect), FairNoOracle, order)
		}
		for _, s := range r.armsOf(config.RoleSingle) {
			out = r.appendPair(out, final, r.quantity(s.Label, KindSingle), FairNoOracle, order)
		}
	}
	return out
}

// appendPair pairs a and b when both exist.
func (r *Report) appendPair(out []Pair, a, b *Quantity, fair string, order []string) []Pair {
	if a == nil || b == nil {
		return out
	}
	p := Pair{A: a.Name + " (" + a.Arm + ")", B: b.Name + " (" + b.Arm + ")", Fair: fair, Diffs: []SampleDiff{}}
	var diffs []float64
	for _, id := range order {
		x, okA := a.perSample[id]
		y, okB := b.perSample[id]
		if okA && okB {
			p.Diffs = append(p.Diffs, SampleDiff{Sample: id, A: x, B: y, Diff: x - y})
			diffs = append(diffs, x-y)
		}
	}
	p.Samples = len(diffs)
	if len(diffs) > 0 {
		m := mean(diffs)
		lo, hi := bootstrapInterval(diffs, r.Bootstrap)
		p.Mean, p.Low, p.High = &m, &lo, &hi
	}
	return append(out, p)
}

// bootstrapInterval is the percentile bootstrap interval of the mean of
// xs: b.Resamples means of len(xs) draws with replacement (PCG seeded with
// b.Seed), cut at the (1−confidence)/2 and (1+confidence)/2 percentiles
// with numpy's linear interpolation.
func bootstrapInterval(xs []float64, b config.Bootstrap) (lo, hi float64) {
	rng := rand.New(rand.NewPCG(uint64(b.Seed), uint64(len(xs))))
	means := make([]float64, b.Resamples)
	for i := range means {
		sum := 0.0
		for range xs {
			sum += xs[rng.IntN(len(xs))]
		}
		means[i] = sum / float64(len(xs))
	}
	slices.Sort(means)
	tail := (1 - b.Confidence) / 2
	return percentile(means, tail), percentile(means, 1-tail)
}

// percentile is numpy's percentile with linear interpolation on sorted
// xs, for q in [0, 1].
func percentile(sorted []float64, q float64) float64 {
	pos := q * float64(len(sorted)-1)
	i := int(math.Floor(pos))
	if i >= len(sorted)-1 {
		return sorted[len(sorted)-1]
	}
	frac := pos - float64(i)
	return sorted[i] + frac*(sorted[i+1]-sorted[i])
}

// armsOf are the arms with role, in order.
func (r *Report) armsOf(role config.ArmRole) []*Arm {
	var out []*Arm
	for _, a := range r.Arms {
		if a.Role == role {
			out = append(out, a)
		}
	}
	return out
}

// quantity is arm's quantity of kind, nil if none.
func (r *Report) quantity(arm string, kind Kind) *Quantity {
	for i := range r.Quantities {
		if q := &r.Quantities[i]; q.Arm == arm && q.Kind == kind {
			return q
		}
	}
	return nil
}
