package swarm

import (
	"math"
	"math/big"
	"sort"
	"strconv"
	"time"
)

// DefaultReserve is the fraction of a task limit a derived cap keeps back.
const DefaultReserve = 0.05

// Split modes of a budget.
const (
	SplitPool    = "pool"
	SplitEqual   = "equal"
	SplitWeights = "weights"
)

// Budget is a swarm's budget block together with the task's per-sample
// limits (SPEC §6). The zero value has no cap and no limit.
type Budget struct {
	// Tokens, Cost and Time are the swarm caps as configured; nil derives
	// the cap from the matching Sample limit (see [DeriveCaps]).
	Tokens *int64
	// TokensMetering is what an explicit Tokens cap meters ("" is
	// Metering); a derived cap meters what the sample's limit does.
	TokensMetering string
	// TokensText is the cap as the suite wrote it, when it wrote a string
	// ("output:1k"): the ledger's budget.tokens, as Inspect Swarm logs its
	// Budget.tokens. "" for a number.
	TokensText string
	Cost       *float64
	Time       *time.Duration
	// Reserve is the fraction of a task limit kept back when deriving a
	// cap, in [0, 1).
	Reserve float64
	// Split is SplitPool ("" too), SplitEqual or SplitWeights with one
	// weight per member in roster order.
	Split   string
	Weights []float64
	// Sample are the task's per-sample limits.
	Sample Limits
	// Metering is the token metering mode ("" is MeterTotal).
	Metering string
}

// Caps are the swarm caps in force for one run; nil is no cap.
type Caps struct {
	Tokens *int64
	// TokensMetering is what Tokens meters (resolved: never "" once a
	// budget's Metering is set), which every share of it meters too.
	TokensMetering string
	Cost           *float64
	Time           *time.Duration
}

// DeriveCaps resolves the swarm caps: a cap left unset is derived from the
// task's limit L as L·(1 − reserve) − used so far (tokens floored). In this
// host the swarm is the sample's only solver, so the tokens and cost used
// so far are zero and the time used so far is usedTime, the time the
// sample spent before the swarm started (sandbox setup). A derived cap can
// come out ≤ 0 only for time (config refuses the others): the swarm then
// stops at once with "swarm_time".
func DeriveCaps(b Budget, usedTime time.Duration) Caps {
	c := Caps{Tokens: b.Tokens, Cost: b.Cost, Time: b.Time, TokensMetering: orMetering(b.TokensMetering, b.Metering)}
	keep := 1 - b.Reserve
	if c.Tokens == nil {
		// a derived cap meters what the sample's limit meters, as in Inspect Swarm
		c.TokensMetering = orMetering(b.Sample.Metering, b.Metering)
	}
	if c.Tokens == nil && b.Sample.Tokens != nil {
		n := int64(math.Floor(float64(*b.Sample.Tokens) * keep))
		c.Tokens = &n
	}
	if c.Cost == nil && b.Sample.Cost != nil {
		f := *b.Sample.Cost * keep
		c.Cost = &f
	}
	if c.Time == nil && b.Sample.Time != nil {
		d := time.Duration(float64(*b.Sample.Time)*keep) - usedTime
		c.Time = &d
	}
	return c
}

// weights returns the split's weights for n members; nil is the pool.
func (b Budget) weights(n int) []float64 {
	switch b.Split {
	case SplitEqual:
		w := make([]float64, n)
		for i := range w {
			w[i] = 1
		}
		return w
	case SplitWeights:
		return b.Weights
	}
	return nil
}

// SplitTokens shares a token cap among members by weight, in roster order.
// Shares are whole numbers that sum exactly to the cap: each member gets
// the floor of cap·wᵢ/W, then the tokens left over go one at a time to the
// largest fractional parts, ties to the earlier member in roster order.
// The arithmetic is exact: each weight is taken as the shortest decimal
// that prints it (0.1 is 1/10, not its binary approximation).
func SplitTokens(limit int64, weights []float64) []int64 {
	ws := make([]*big.Rat, len(weights))
	sum := new(big.Rat)
	for i, w := range weights {
		ws[i], _ = new(big.Rat).SetString(strconv.FormatFloat(w, 'g', -1, 64))
		sum.Add(sum, ws[i])
	}
	shares := make([]int64, len(weights))
	if sum.Sign() == 0 {
		return shares
	}
	fracs := make([]*big.Rat, len(weights))
	left := limit
	for i, w := range ws {
		exact := new(big.Rat).Quo(new(big.Rat).Mul(big.NewRat(limit, 1), w), sum)
		whole := new(big.Int).Quo(exact.Num(), exact.Denom()) // floor: exact ≥ 0
		shares[i] = whole.Int64()
		fracs[i] = new(big.Rat).Sub(exact, new(big.Rat).SetInt(whole))
		left -= shares[i]
	}
	order := make([]int, len(weights))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return fracs[order[a]].Cmp(fracs[order[b]]) > 0 })
	for i := 0; left > 0 && len(order) > 0; i, left = i+1, left-1 {
		shares[order[i%len(order)]]++
	}
	return shares
}

// SplitCost shares a cost cap by weight: cap·wᵢ/W each.
func SplitCost(limit float64, weights []float64) []float64 {
	sum := 0.0
	for _, w := range weights {
		sum += w
	}
	out := make([]float64, len(weights))
	for i, w := range weights {
		out[i] = limit * w / sum
	}
	return out
}
