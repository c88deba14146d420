package scoring

import (
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// C, I, P and N keep the tables short.
const (
	C = "C"
	I = "I"
	P = "P"
	N = "N"
)

func TestReducerScalars(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		reducer string
		in      []any
		want    any
	}{
		// mean: statistics.mean of the floats.
		"mean letters":     {reducer: "mean", in: []any{C, I, C, P}, want: 0.625}, // (1+0+1+.5)/4
		"mean drops NaN":   {reducer: "mean", in: []any{1, nan, 0}, want: 0.5},    // (1+0)/2
		"mean all NaN":     {reducer: "mean", in: []any{nan, nan}, want: nan},
		"mean no epochs":   {reducer: "mean", in: nil, want: nan},
		"mean one epoch":   {reducer: "mean", in: []any{P}, want: 0.5},
		"mean yes and 2.5": {reducer: "mean", in: []any{"yes", "2.5"}, want: 1.75}, // (1+2.5)/2
		// Python's statistics.mean is exactly rounded: mean(.1, .2, .3) is
		// 0.2, where (.1+.2+.3)/3 in floats is 0.20000000000000004.
		"mean infinity":            {reducer: "mean", in: []any{math.Inf(1), 1.0}, want: math.Inf(1)},
		"mean opposite infinities": {reducer: "mean", in: []any{math.Inf(1), math.Inf(-1)}, want: nan},
		"mean exactly rounded":     {reducer: "mean", in: []any{0.1, 0.2, 0.3}, want: 0.2},

		// median: the middle value; an even count averages the middle two.
		"median odd":       {reducer: "median", in: []any{3, 1, 2}, want: 2.0},
		"median even":      {reducer: "median", in: []any{0.2, 0.9, 0.4, 0.6}, want: 0.5}, // (.4+.6)/2
		"median letters":   {reducer: "median", in: []any{C, I, I, C}, want: 0.5},         // (0+1)/2
		"median drops NaN": {reducer: "median", in: []any{nan, 5, 1}, want: 3.0},          // (1+5)/2
		"median all NaN":   {reducer: "median", in: []any{nan}, want: nan},

		// mode: the most common raw value; a tie goes to the first seen.
		"mode majority":  {reducer: "mode", in: []any{C, I, C}, want: C},
		"mode tie":       {reducer: "mode", in: []any{I, C, C, I}, want: I}, // 2 each, I first
		"mode text tie":  {reducer: "mode", in: []any{"x", "y"}, want: "x"},
		"mode drops NaN": {reducer: "mode", in: []any{P, nan, nan}, want: P},
		// 1, true and 1.0 are one Counter key in Python (count 3, shown as
		// the first seen, the int 1); the string "1" is another (count 1).
		"mode python equality": {reducer: "mode", in: []any{"1", 1, true, 1.0}, want: 1},
		// 2^60 as an int and as a float are equal in Python; 2^60+1 is not.
		"mode large ints": {reducer: "mode", in: []any{int64(1) << 60, float64(1 << 60), int64(1)<<60 + 1, int64(1)<<60 + 1}, want: int64(1) << 60},
		"mode uint":       {reducer: "mode", in: []any{uint8(2), 2.0, "2"}, want: uint8(2)},
		"mode all NaN":    {reducer: "mode", in: []any{nan, nan}, want: nan},

		// max: the original value with the largest float.
		"max keeps C":      {reducer: "max", in: []any{I, C, P}, want: C},
		"max tie is first": {reducer: "max", in: []any{P, 0.5}, want: P},
		"max drops NaN":    {reducer: "max", in: []any{0.2, nan, 0.9}, want: 0.9},
		"max keeps bool":   {reducer: "max", in: []any{0.5, true}, want: true},
		"max all NaN":      {reducer: "max", in: []any{nan}, want: nan},

		// pass_at_k = 1 − C(n−c,k)/C(n,k), c = epochs with float ≥ 1.
		"pass_at_2 n5 c2": {reducer: "pass_at_2", in: []any{C, I, I, C, I}, want: 0.7},    // 1 − C(3,2)/C(5,2) = 1 − 3/10
		"pass_at_1 n4 c1": {reducer: "pass_at_1", in: []any{C, I, I, I}, want: 0.25},      // 1 − C(3,1)/C(4,1) = 1 − 3/4
		"pass_at_3 n6 c2": {reducer: "pass_at_3", in: []any{I, C, I, I, C, I}, want: 0.8}, // 1 − C(4,3)/C(6,3) = 1 − 4/20
		"pass_at partial is not correct": {reducer: "pass_at_2", in: []any{P, P, C},
			want: 2.0 / 3}, // c = 1: 1 − C(2,2)/C(3,2) = 1 − 1/3
		"pass_at numbers":         {reducer: "pass_at_1", in: []any{1.5, 0.99}, want: 0.5}, // c = 1 (1.5 ≥ 1): 1 − C(1,1)/C(2,1)
		"pass_at none correct":    {reducer: "pass_at_2", in: []any{I, I, I}, want: 0.0},   // 1 − C(3,2)/C(3,2)
		"pass_at all correct":     {reducer: "pass_at_2", in: []any{C, C, C}, want: 1.0},
		"pass_at n−c < k":         {reducer: "pass_at_3", in: []any{C, C, C, I, I}, want: 1.0},  // n−c = 2 < 3
		"pass_at n < k after NaN": {reducer: "pass_at_3", in: []any{C, nan, nan, I}, want: nan}, // n = 2 < 3
		"pass_at n = k":           {reducer: "pass_at_3", in: []any{C, nan, I, I}, want: 1.0},   // n = 3, n−c = 2 < 3
		"pass_at all NaN":         {reducer: "pass_at_1", in: []any{nan}, want: nan},

		// at_least_k: the int 1 if c ≥ k, else the int 0.
		"at_least met":       {reducer: "at_least_2", in: []any{C, I, C}, want: 1},
		"at_least not met":   {reducer: "at_least_3", in: []any{C, I, C}, want: 0},
		"at_least kinds":     {reducer: "at_least_3", in: []any{1.0, true, "yes", P}, want: 1}, // P = .5 < 1
		"at_least NaN only":  {reducer: "at_least_1", in: []any{nan, nan}, want: nan},
		"at_least drops NaN": {reducer: "at_least_2", in: []any{C, nan, I}, want: 0}, // c = 1
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

func TestReducerNames(t *testing.T) {
	t.Parallel()
	valid := []string{"mean", "median", "mode", "max", "pass_at_1", "pass_at_10", "at_least_2", "best_at_3"}
	invalid := []string{"", "sum", "Mean", "pass_at", "at_least", "pass_at_0",
		"mean_2", "max_1", "pass_at_x", "pass_at_-1", "pass_at_99999999999999999999", "pass_k_2"}
	for _, name := range valid {
		t.Run("valid "+name, func(t *testing.T) {
			t.Parallel()
			if r, err := Reducer(name); err != nil || r == nil {
				t.Errorf("Reducer(%q) = %v, %v; want a reducer", name, r, err)
			}
		})
	}
	for _, name := range invalid {
		t.Run("invalid "+name, func(t *testing.T) {
			t.Parallel()
			r, err := Reducer(name)
			if err == nil || r != nil {
				t.Fatalf("Reducer(%q) = %v, %v; want an error", name, r, err)
			}
			for _, form := range ReducerNames() {
				if !strings.Contains(err.Error(), form) {
					t.Errorf("error %q does not list %q", err, form)
				}
			}
		})
	}
}

func TestReducerK(t *testing.T) {
	t.Parallel()
	type result struct {
		Base string
		K    int
		OK   bool
	}
	tests := map[string]struct {
		name string
		want result
	}{
		"pass_at":     {name: "pass_at_5", want: result{"pass_at", 5, true}},
		"at_least":    {name: "at_least_12", want: result{"at_least", 12, true}},
		"no k":        {name: "mean", want: result{"mean", 0, false}},
		"last digits": {name: "x_1_2", want: result{"x_1", 2, true}}, // Inspect's ^(.*?)_(\d+)$
		"not digits":  {name: "pass_at_k", want: result{"pass_at_k", 0, false}},
		"too large":   {name: "pass_at_99999999999999999999", want: result{"pass_at_99999999999999999999", 0, false}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			base, k, ok := ReducerK(tc.name)
			if diff := cmp.Diff(tc.want, result{base, k, ok}); diff != "" {
				t.Errorf("ReducerK(%q) mismatch (-want +got):\n%s", tc.name, diff)
			}
		})
	}
}

func TestValidateReducer(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		name    string
		epochs  int
		wantErr string // substring; empty means no error
	}{
		"mean one epoch":      {name: "mean", epochs: 1},
		"pass_at k = epochs":  {name: "pass_at_3", epochs: 3},
		"pass_at k < epochs":  {name: "pass_at_2", epochs: 5},
		"pass_at k > epochs":  {name: "pass_at_5", epochs: 3, wantErr: `"pass_at_5" needs at least 5 epochs, but the task runs 3`},
		"at_least k > epochs": {name: "at_least_4", epochs: 2, wantErr: "needs at least 4 epochs"},
		"best_at k > epochs":  {name: "best_at_4", epochs: 3, wantErr: "needs at least 4 epochs"},
		"unknown":             {name: "bogus", epochs: 5, wantErr: `unknown epoch reducer "bogus"`},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			err := ValidateReducer(tc.name, tc.epochs)
			switch {
			case tc.wantErr == "" && err != nil:
				t.Errorf("ValidateReducer(%q, %d) = %v, want nil", tc.name, tc.epochs, err)
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
				t.Errorf("ValidateReducer(%q, %d) = %v, want an error containing %q", tc.name, tc.epochs, err, tc.wantErr)
			}
		})
	}
}
