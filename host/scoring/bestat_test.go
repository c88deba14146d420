package scoring

import (
	"fmt"
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestBestAtHandComputed checks best_at_k against expectations worked out
// by hand: every k-subset of the n epochs is listed, its maximum taken, and
// the maxima averaged.
func TestBestAtHandComputed(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		reducer string
		in      []any
		want    any
	}{
		// n = 3, k = 2: subsets {.2,.5} {.2,.9} {.5,.9}, maxima .5 .9 .9:
		// (.5+.9+.9)/3 = 2.3/3.
		"graded n3 k2": {reducer: "best_at_2", in: []any{0.5, 0.2, 0.9}, want: 2.3 / 3},
		// k = 1 is the mean: (.5+.2+.9)/3.
		"graded k1 is the mean": {reducer: "best_at_1", in: []any{0.5, 0.2, 0.9}, want: 1.6 / 3},
		// k = n is the max.
		"graded k=n is the max": {reducer: "best_at_3", in: []any{0.5, 0.2, 0.9}, want: 0.9},
		// n = 4, k = 2, values 0 .25 .5 1 (letters I, 0.25, P, C): six
		// pairs, maxima .25 (0,.25), .5 (0,.5), 1 (0,1), .5 (.25,.5),
		// 1 (.25,1), 1 (.5,1): (.25+.5+1+.5+1+1)/6 = 4.25/6.
		"letters n4 k2": {reducer: "best_at_2", in: []any{I, 0.25, P, C}, want: 4.25 / 6},
		// ties: n = 4, k = 3, values .5 .5 .5 0: every triple holds a .5.
		"ties": {reducer: "best_at_3", in: []any{0.5, 0.5, 0.5, 0.0}, want: 0.5},
		// binary: C I I C I is pass_at_2's 1 − C(3,2)/C(5,2) = 0.7.
		"binary is pass_at": {reducer: "best_at_2", in: []any{C, I, I, C, I}, want: 0.7},
		// NaN epochs are dropped: n = 2 left, k = 2: max(.3, .8).
		"drops NaN":     {reducer: "best_at_2", in: []any{0.3, nan, 0.8}, want: 0.8},
		"n < k is NaN":  {reducer: "best_at_3", in: []any{0.3, nan, 0.8}, want: nan},
		"all NaN":       {reducer: "best_at_1", in: []any{nan}, want: nan},
		"negative ones": {reducer: "best_at_2", in: []any{-1.0, -2.0, -3.0}, want: -4.0 / 3}, // maxima −1 −1 −2
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r, err := Reducer(tc.reducer)
			if err != nil {
				t.Fatalf("Reducer(%q): %v", tc.reducer, err)
			}
			got := r(epochs(tc.in...)).Value
			if diff := cmp.Diff(tc.want, got, floatOpts); diff != "" {
				t.Errorf("%s%v mismatch (-want +got):\n%s", tc.reducer, tc.in, diff)
			}
		})
	}
}

// TestBestAtEqualsPassAtOnBinary runs both reducers on every 0/1 vector of
// up to 7 epochs, for every k up to n.
func TestBestAtEqualsPassAtOnBinary(t *testing.T) {
	t.Parallel()
	for n := 1; n <= 7; n++ {
		for bits := 0; bits < 1<<n; bits++ {
			in := make([]any, n)
			for i := range in {
				in[i] = float64(bits >> i & 1)
			}
			for k := 1; k <= n; k++ {
				best, _ := Reducer(fmt.Sprintf("best_at_%d", k))
				pass, _ := Reducer(fmt.Sprintf("pass_at_%d", k))
				b, p := best(epochs(in...)).Value.(float64), pass(epochs(in...)).Value.(float64)
				if math.Abs(b-p) > 1e-12 {
					t.Fatalf("n=%d k=%d %v: best_at %v, pass_at %v", n, k, in, b, p)
				}
			}
		}
	}
}

// TestExpectedMaxOfKEnumerates checks the closed form against the mean of
// the maxima over every k-subset, on values with ties.
func TestExpectedMaxOfKEnumerates(t *testing.T) {
	t.Parallel()
	xs := []float64{0.3, 0.9, 0.1, 0.3, 0.7, 0.0, 0.9, 0.5}
	for k := 1; k <= len(xs); k++ {
		sum, count := 0.0, 0
		for mask := 0; mask < 1<<len(xs); mask++ {
			if popcount(mask) != k {
				continue
			}
			best := math.Inf(-1)
			for i, x := range xs {
				if mask>>i&1 == 1 {
					best = math.Max(best, x)
				}
			}
			sum, count = sum+best, count+1
		}
		if got, want := ExpectedMaxOfK(xs, k), sum/float64(count); math.Abs(got-want) > 1e-12 {
			t.Errorf("k=%d: ExpectedMaxOfK %v, enumeration %v", k, got, want)
		}
	}
	if got := ExpectedMaxOfK(xs, 0); !math.IsNaN(got) {
		t.Errorf("k=0: got %v, want NaN", got)
	}
}

func popcount(x int) int {
	n := 0
	for ; x > 0; x &= x - 1 {
		n++
	}
	return n
}
