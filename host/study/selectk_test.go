package study

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/swarmhost/swarmhost/host/config"
)

// TestChooseHandComputed checks the rule on one subset at a time.
func TestChooseHandComputed(t *testing.T) {
	t.Parallel()
	unsubmitted := func(epoch int, score float64) Attempt {
		return Attempt{Epoch: epoch, Score: score}
	}
	all := []Attempt{
		attempt(1, 0.2, 5, 0, 0), // e1 at 5s
		unsubmitted(2, 0.7),      // e2 gave no submission (its empty answer scored .7)
		attempt(3, 0.9, 2, 0, 0), // e3 at 2s
		attempt(4, 0.4, 2, 0, 0), // e4 at 2s too
		unsubmitted(5, 0.1),
		{Epoch: 6, Score: 0.6, Submitted: true}, // e6: no time recorded
	}
	first, last := selector{rule: RuleFirst}, selector{rule: RuleLast}
	tests := map[string]struct {
		sel  selector
		idx  []int
		want int // epoch chosen
	}{
		"first is the earliest":        {first, []int{0, 2}, 3},
		"a tie goes to the earlier":    {first, []int{0, 2, 3}, 3},
		"last is the latest":           {last, []int{0, 2, 3}, 1},
		"last tie goes to the earlier": {last, []int{2, 3}, 3},
		"unsubmitted never chosen":     {first, []int{1, 3}, 4},
		"no submission: the first":     {first, []int{1, 4}, 2},
		"no time sorts last (first)":   {first, []int{0, 5}, 1},
		"no time sorts first (last)":   {last, []int{5, 3}, 4},
		"only an untimed submission":   {last, []int{1, 5}, 6},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tc.want, tc.sel.choose(all, tc.idx).Epoch)
		})
	}
}

// firstClosedForm is select@k under the first rule with distinct times:
// the attempt at time rank r (1 = earliest) is chosen by the subsets that
// hold it and k−1 of the n−r later ones, C(n−r, k−1) of the C(n, k).
func firstClosedForm(scoresByTime []float64, k int) float64 {
	n := len(scoresByTime)
	sum := 0.0
	for r := 1; r <= n; r++ {
		sum += scoresByTime[r-1] * float64(binomial(n-r, k-1)) / float64(binomial(n, k))
	}
	return sum
}

// TestSelectExactAndSampled: with at most ExactSubsets subsets select@k
// enumerates them and equals the closed form; with more (n = 20, k = 10:
// 184 756 subsets) it draws ExactSubsets of them, seeded, and lands within
// 4 standard errors (4 × 0.5/√10000) of the closed form, the same twice.
func TestSelectExactAndSampled(t *testing.T) {
	t.Parallel()
	build := func(n int) ([]Attempt, []float64) {
		var atts []Attempt
		byTime := make([]float64, n)
		for i := range n {
			score := float64((i*7)%5) / 4 // 0, .75, .5, .25, 1, 0, …
			time := float64((i*11)%n) + 1 // a permutation of 1…n (11 is prime to n)
			atts = append(atts, attempt(i+1, score, time, 0, 0))
			byTime[int(time)-1] = score
		}
		return atts, byTime
	}
	atts, byTime := build(8)
	sel := selector{rule: RuleFirst, seed: 1, sample: "s"}
	for k := 1; k <= 8; k++ {
		assert.InDelta(t, firstClosedForm(byTime, k), sel.selectAt(atts, k), approx, "n=8 k=%d exact", k)
	}
	atts, byTime = build(20)
	assert.Greater(t, binomial(20, 10), ExactSubsets)
	got := sel.selectAt(atts, 10)
	assert.InDelta(t, firstClosedForm(byTime, 10), got, 4*0.5/math.Sqrt(ExactSubsets))
	assert.Equal(t, got, sel.selectAt(atts, 10), "seeded")
	assert.True(t, math.IsNaN(sel.selectAt(atts[:3], 4)), "fewer attempts than k")
}

func TestBinomialAndCombinations(t *testing.T) {
	t.Parallel()
	assert.Equal(t, 10, binomial(5, 2))
	assert.Equal(t, 184756, binomial(20, 10))
	assert.Equal(t, 1, binomial(4, 0))
	assert.Equal(t, 0, binomial(3, 4))
	assert.Equal(t, math.MaxInt, binomial(200, 100))
	var got [][]int
	combinations(4, 2, func(idx []int) { got = append(got, append([]int(nil), idx...)) })
	assert.Equal(t, [][]int{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}, got)
}

// TestBootstrapHandComputed: numpy's linear percentile on 1 2 3 4 (the 25th
// at position .75 → 1.75, the median 2.5); a constant difference has a
// zero-width interval; the two differences 0 and 1 give resample means 0,
// .5 and 1 with probabilities 1/4, 1/2, 1/4, so the 2.5th and 97.5th
// percentiles of 10 000 of them are 0 and 1.
func TestBootstrapHandComputed(t *testing.T) {
	t.Parallel()
	assert.InDelta(t, 1.75, percentile([]float64{1, 2, 3, 4}, 0.25), approx)
	assert.InDelta(t, 2.5, percentile([]float64{1, 2, 3, 4}, 0.5), approx)
	assert.Equal(t, 4.0, percentile([]float64{1, 2, 3, 4}, 1))
	b := config.Bootstrap{Resamples: 10000, Seed: 3, Confidence: 0.95}
	lo, hi := bootstrapInterval([]float64{0.25, 0.25, 0.25}, b)
	assert.Equal(t, [2]float64{0.25, 0.25}, [2]float64{lo, hi})
	lo, hi = bootstrapInterval([]float64{0, 1}, b)
	assert.Equal(t, [2]float64{0, 1}, [2]float64{lo, hi})
	lo2, hi2 := bootstrapInterval([]float64{0, 1, 0, 1, 1}, b)
	lo3, hi3 := bootstrapInterval([]float64{0, 1, 0, 1, 1}, b)
	assert.Equal(t, [2]float64{lo2, hi2}, [2]float64{lo3, hi3}, "seeded")
	assert.Less(t, lo2, 0.6)
	assert.Greater(t, hi2, 0.6)
}
