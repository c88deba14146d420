package fakeopenai

import (
	"math"
	"math/bits"
	"time"
)

// Handoff describes the gaps on the clients' connections between an
// answer and the connection's next request: how long a client took to
// send its next call on a connection it had just been answered on (a
// connection slot's hand-off: the answer read and decoded, the slot given
// to the next call, that call's request built and written). Gaps longer
// than the latency mean the client had no call ready.
type Handoff struct {
	// Count is the number of gaps (requests after the first on their
	// connection); Mean, Max and the quantiles are their lengths.
	Count int           `json:"count"`
	Mean  time.Duration `json:"mean_ns"`
	Max   time.Duration `json:"max_ns"`
	// P50, P90 and P99 are upper bounds of the quantiles, at the
	// resolution of a power of two of microseconds.
	P50 time.Duration `json:"p50_ns"`
	P90 time.Duration `json:"p90_ns"`
	P99 time.Duration `json:"p99_ns"`
}

// gaps is a histogram of hand-off gaps: hist[i] counts gaps shorter than
// 2^i µs (and at least 2^(i-1) µs).
type gaps struct {
	count    int
	sum, max time.Duration
	hist     [32]int
}

// add counts one gap.
func (g *gaps) add(d time.Duration) {
	d = max(d, 0)
	g.count++
	g.sum += d
	g.max = max(g.max, d)
	g.hist[min(bits.Len64(uint64(d/time.Microsecond)), len(g.hist)-1)]++
}

// handoff summarises the gaps.
func (g gaps) handoff() Handoff {
	h := Handoff{Count: g.count, Max: g.max}
	if g.count == 0 {
		return h
	}
	h.Mean = g.sum / time.Duration(g.count)
	h.P50, h.P90, h.P99 = g.quantile(0.50), g.quantile(0.90), g.quantile(0.99)
	return h
}

// quantile is the upper bound of the bucket holding the q-quantile's gap
// (its nearest rank).
func (g gaps) quantile(q float64) time.Duration {
	want := int(math.Ceil(q * float64(g.count)))
	seen := 0
	for i, n := range g.hist {
		if seen += n; seen >= want {
			return min(time.Duration(1<<i)*time.Microsecond, g.max)
		}
	}
	return g.max
}

// conn is a client connection's state: when its last answer was written.
type conn struct {
	answered time.Time
}

// connKey is the context key of a request's *conn.
type connKey struct{}
