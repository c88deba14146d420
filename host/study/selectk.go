package study

import (
	"hash/fnv"
	"math"
	"math/rand/v2"
)

// ExactSubsets is how many k-subsets select@k averages over exactly; with
// more, it averages over this many drawn at random (seeded).
const ExactSubsets = 10000

// Final rules the comparison can replay on independent attempts.
const (
	RuleFirst = "first"
	RuleLast  = "last"
)

// selector applies a swarm's final rule to subsets of one sample's
// attempts.
type selector struct {
	rule string
	// seed and sample key the draws when the subsets are sampled.
	seed   int64
	sample string
}

// selectAt is select@k on one sample: the mean, over k-subsets of its
// scored attempts, of the score of the attempt the rule chooses. It is NaN
// when fewer than k attempts are scored.
func (s selector) selectAt(attempts []Attempt, k int) float64 {
	var scored []Attempt
	for _, a := range attempts {
		if a.scored() {
			scored = append(scored, a)
		}
	}
	n := len(scored)
	if k < 1 || n < k {
		return math.NaN()
	}
	sum, count := 0.0, 0
	visit := func(idx []int) {
		sum += s.choose(scored, idx).Score
		count++
	}
	if c := binomial(n, k); c <= ExactSubsets {
		combinations(n, k, visit)
	} else {
		s.draw(n, k, ExactSubsets, visit)
	}
	return sum / float64(count)
}

// choose applies the rule to the attempts at idx (in epoch order): the
// earliest submission (first) or the latest (last), ties to the earlier
// epoch; an attempt with no time is never preferred. Without any
// submission it is the first attempt, whose score is that of its empty
// answer.
func (s selector) choose(all []Attempt, idx []int) Attempt {
	best, bestTime := -1, 0.0
	for _, i := range idx {
		a := all[i]
		if !a.Submitted {
			continue
		}
		t := s.timeOf(a)
		if best < 0 || (s.rule == RuleLast && t > bestTime) || (s.rule != RuleLast && t < bestTime) {
			best, bestTime = i, t
		}
	}
	if best < 0 {
		return all[idx[0]]
	}
	return all[best]
}

// timeOf is the attempt's submission time; a missing one sorts last under
// first and first under last.
func (s selector) timeOf(a Attempt) float64 {
	switch {
	case a.Time != nil:
		return *a.Time
	case s.rule == RuleLast:
		return math.Inf(-1)
	}
	return math.Inf(1)
}

// draw visits m k-subsets of 0…n−1 drawn uniformly at random (a partial
// Fisher–Yates shuffle each, sorted into epoch order), seeded by the
// study's seed and the sample's id so that no sample's draws depend on
// another's.
func (s selector) draw(n, k, m int, visit func([]int)) {
	h := fnv.New64a()
	_, _ = h.Write([]byte(s.sample))
	rng := rand.New(rand.NewPCG(uint64(s.seed), h.Sum64()))
	perm := make([]int, n)
	idx := make([]int, k)
	for range m {
		for i := range perm {
			perm[i] = i
		}
		for i := range k {
			j := i + rng.IntN(n-i)
			perm[i], perm[j] = perm[j], perm[i]
		}
		copy(idx, perm[:k])
		sortInts(idx)
		visit(idx)
	}
}

// combinations visits every k-subset of 0…n−1 in lexicographic order.
func combinations(n, k int, visit func([]int)) {
	idx := make([]int, k)
	for i := range idx {
		idx[i] = i
	}
	for {
		visit(idx)
		i := k - 1
		for i >= 0 && idx[i] == n-k+i {
			i--
		}
		if i < 0 {
			return
		}
		idx[i]++
		for j := i + 1; j < k; j++ {
			idx[j] = idx[j-1] + 1
		}
	}
}

// binomial is C(n, k), saturating at math.MaxInt.
func binomial(n, k int) int {
	if k < 0 || k > n {
		return 0
	}
	k = min(k, n-k)
	c := 1
	for i := 1; i <= k; i++ {
		if c > math.MaxInt/(n-k+i) {
			return math.MaxInt
		}
		c = c * (n - k + i) / i
	}
	return c
}

// sortInts sorts a short slice in place (insertion sort: k is small).
func sortInts(xs []int) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}
