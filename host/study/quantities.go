package study

import (
	"fmt"
	"math"

	"github.com/swarmhost/swarmhost/host/scoring"
)

// Kind names a quantity.
type Kind string

// The quantities (see the package doc).
const (
	KindFinal      Kind = "final"
	KindTeam       Kind = "team"
	KindMeanMember Kind = "mean_member"
	KindPass       Kind = "pass"
	KindBest       Kind = "best"
	KindSelect     Kind = "select"
	KindSingle     Kind = "single"
)

// oracle reports the quantities that choose with knowledge of the target.
func (k Kind) oracle() bool { return k == KindTeam || k == KindPass || k == KindBest }

// label is the quantity's name at k.
func (k Kind) label(n int) string {
	switch k {
	case KindMeanMember:
		return "mean member"
	case KindSingle:
		return fmt.Sprintf("single (%d×)", n)
	}
	return fmt.Sprintf("%s@%d", k, n)
}

// Quantity is one row of the quantities table.
type Quantity struct {
	Name string `json:"name"`
	Kind Kind   `json:"kind"`
	Arm  string `json:"arm"`
	K    int    `json:"k"`
	// Value is the mean over samples, Stderr its standard error (sample
	// standard deviation over √n); nil when not available.
	Value  *float64 `json:"value"`
	Stderr *float64 `json:"stderr"`
	// Samples is how many samples have a value.
	Samples int `json:"samples"`
	// Oracle: the quantity chooses with knowledge of the target.
	Oracle bool `json:"oracle"`
	// Tokens and Dollars are what the arm recorded per sample for it
	// (k attempts for the baseline); Dollars nil when not every attempt
	// has a recorded cost.
	Tokens  *float64 `json:"tokens_per_sample"`
	Dollars *float64 `json:"dollars_per_sample"`
	// Note says why the value is missing, or what to keep in mind.
	Note string `json:"note,omitempty"`
	// perSample are the per-sample values the pairs compare.
	perSample map[string]float64
}

// newQuantity summarises per-sample values (NaN ones left out).
func newQuantity(kind Kind, arm *Arm, k int, perSample map[string]float64, order []string) Quantity {
	q := Quantity{Name: kind.label(k), Kind: kind, Arm: arm.Label, K: k, Oracle: kind.oracle(), perSample: map[string]float64{}}
	var xs []float64
	for _, id := range order {
		if x, ok := perSample[id]; ok && !math.IsNaN(x) {
			q.perSample[id] = x
			xs = append(xs, x)
		}
	}
	q.Samples = len(xs)
	if len(xs) > 0 {
		m := mean(xs)
		q.Value = &m
	}
	if len(xs) > 1 {
		se := stddev(xs) / math.Sqrt(float64(len(xs)))
		q.Stderr = &se
	}
	return q
}

// perSampleMean is, per sample, the mean over its attempts of f (attempts
// where f has no value left out).
func perSampleMean(arm *Arm, f func(Attempt) (float64, bool)) map[string]float64 {
	out := map[string]float64{}
	for _, s := range arm.Samples {
		var xs []float64
		for _, a := range s.Attempts {
			if x, ok := f(a); ok && !math.IsNaN(x) {
				xs = append(xs, x)
			}
		}
		if len(xs) > 0 {
			out[s.ID] = mean(xs)
		}
	}
	return out
}

// finalScore, bestMember and meanMember read one attempt's values.
func finalScore(a Attempt) (float64, bool) { return a.Score, a.scored() }
func bestMember(a Attempt) (float64, bool) { return deref(a.Best) }
func meanMember(a Attempt) (float64, bool) { return deref(a.Mean) }

func deref(p *float64) (float64, bool) {
	if p == nil {
		return 0, false
	}
	return *p, true
}

// fromEpochs is a baseline quantity at k on one sample, from its scored
// epochs: pass@k (on the epochs scoring 1), best@k, or select@k.
func fromEpochs(kind Kind, sel selector, attempts []Attempt, k int) float64 {
	var xs []float64
	for _, a := range attempts {
		if a.scored() {
			xs = append(xs, a.Score)
		}
	}
	switch kind {
	case KindPass:
		for i, x := range xs {
			xs[i] = 0
			if x >= 1 {
				xs[i] = 1
			}
		}
		return scoring.ExpectedMaxOfK(xs, k)
	case KindBest:
		return scoring.ExpectedMaxOfK(xs, k)
	}
	return sel.selectAt(attempts, k)
}

// mean is the arithmetic mean of xs (not empty).
func mean(xs []float64) float64 {
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	return sum / float64(len(xs))
}

// stddev is the sample standard deviation (ddof 1).
func stddev(xs []float64) float64 {
	m := mean(xs)
	ss := 0.0
	for _, x := range xs {
		ss += (x - m) * (x - m)
	}
	return math.Sqrt(ss / float64(len(xs)-1))
}
