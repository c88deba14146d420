package scoring

import (
	"math"
	"slices"
)

// bestAt returns the best_at(k) reducer: the unbiased estimate of the best
// score among k epochs drawn without replacement from the n scored ones,
// [ExpectedMaxOfK] of their floats. On values that are all 0 or 1 it equals
// pass_at(k); it is NaN when n < k.
func bestAt(k int) positionReducer {
	return func(raw []any) any { return ExpectedMaxOfK(floats(raw), k) }
}

// ExpectedMaxOfK is the expected maximum of k values drawn without
// replacement from xs: with xs sorted ascending as x₁ ≤ … ≤ xₙ,
//
//	E[max] = Σ_{i=k}^{n} xᵢ · C(i−1, k−1) / C(n, k)
//
// since xᵢ is the maximum of exactly the C(i−1, k−1) subsets that hold it
// and k−1 of the values below it (ties change which copy is counted, not
// the sum). The weights are built from wₙ = k/n down by
// wᵢ₋₁ = wᵢ·(i−k)/(i−1), so no binomial is ever formed. On binary values it
// is 1 − C(n−c, k)/C(n, k), Chen et al.'s pass@k. It is NaN when k < 1 or
// len(xs) < k, and does not modify xs.
func ExpectedMaxOfK(xs []float64, k int) float64 {
	n := len(xs)
	if k < 1 || n < k {
		return math.NaN()
	}
	sorted := slices.Clone(xs)
	slices.Sort(sorted)
	w := float64(k) / float64(n)
	sum := 0.0
	for i := n; i >= k; i-- {
		sum += w * sorted[i-1]
		w *= float64(i-k) / float64(i-1)
	}
	return sum
}
