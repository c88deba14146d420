package scoring

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swarmhost/swarmhost/sdk/scorer"
)

func TestReducerKeepsFields(t *testing.T) {
	t.Parallel()
	meta0 := map[string]any{"passed": []any{"m1"}}
	meta1 := map[string]any{"passed": []any{}}
	tests := map[string]struct {
		in   []scorer.Score
		want scorer.Score
	}{
		"same answer, different explanations": {
			in: []scorer.Score{
				{Value: C, Answer: scorer.Text("42"), Explanation: "a", Metadata: meta0},
				{Value: I, Answer: scorer.Text("42"), Explanation: "b", Metadata: meta1},
			},
			want: scorer.Score{Value: C, Answer: scorer.Text("42"), Metadata: meta0},
		},
		"everything equal": {
			in: []scorer.Score{
				{Value: I, Answer: scorer.Text("x"), Explanation: "e"},
				{Value: C, Answer: scorer.Text("x"), Explanation: "e"},
			},
			want: scorer.Score{Value: C, Answer: scorer.Text("x"), Explanation: "e"},
		},
		// Inspect compares answers across all epochs, unscored ones included,
		// and takes metadata from the first epoch even when it is unscored.
		"unscored first epoch": {
			in: []scorer.Score{
				{Value: nan, Answer: scorer.Text(""), Explanation: "grader failed", Metadata: meta1},
				{Value: C, Answer: scorer.Text("42"), Explanation: "grader failed", Metadata: meta0},
			},
			want: scorer.Score{Value: C, Explanation: "grader failed", Metadata: meta1},
		},
		"all unscored keeps fields": {
			in:   []scorer.Score{{Value: nan, Answer: scorer.Text("a")}, {Value: nan, Answer: scorer.Text("a")}},
			want: scorer.Score{Value: nan, Answer: scorer.Text("a")},
		},
		"no epochs": {in: nil, want: scorer.Score{Value: nan}},
	}
	maxReducer, err := Reducer("max")
	if err != nil {
		t.Fatal(err)
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if diff := cmp.Diff(tc.want, maxReducer(tc.in), floatOpts); diff != "" {
				t.Errorf("max mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestReducerShapes(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		reducer string
		in      []any
		want    any
	}{
		// Maps reduce key by key; NaN values and unscored epochs are dropped.
		"mean map": {reducer: "mean",
			in:   []any{map[string]any{"a": C, "b": 0.5}, map[string]any{"a": I, "b": nan}, nan},
			want: map[string]any{"a": 0.5, "b": 0.5}}, // a: (1+0)/2; b: only .5
		"mean map key all NaN": {reducer: "mean",
			in:   []any{map[string]any{"a": nan}, map[string]any{"a": nan}},
			want: map[string]any{"a": nan}},
		"at_least map": {reducer: "at_least_2",
			in:   []any{map[string]any{"x": C, "y": I}, map[string]any{"x": C, "y": C}},
			want: map[string]any{"x": 1, "y": 0}},
		// Lists reduce index by index.
		"max list keeps originals": {reducer: "max",
			in:   []any{[]any{C, 0.2}, []any{I, 0.9}},
			want: []any{C, 0.9}},
		"mode list": {reducer: "mode",
			in:   []any{[]any{"a", I}, []any{"b", C}, []any{"b", I}},
			want: []any{"b", I}},
		"mode nested lists": {reducer: "mode",
			in:   []any{[]any{[]any{1}}, []any{[]any{2}}, []any{[]any{2}}},
			want: []any{[]any{2}}},
		"pass_at list": {reducer: "pass_at_1",
			in:   []any{[]any{C, I}, []any{I, I}},
			want: []any{0.5, 0.0}}, // n=2: c=1 → 1 − 1/2; c=0 → 0
		// Mismatched epochs are skipped (CheckEpochShapes reports them).
		"scalar epoch in a list run": {reducer: "mean",
			in:   []any{[]any{1, 0}, C, []any{0, 0}},
			want: []any{0.5, 0.0}},
		"short list": {reducer: "mean",
			in:   []any{[]any{1, 1}, []any{0}},
			want: []any{0.5, 1.0}},
		"list epoch in a scalar run": {reducer: "mean",
			in:   []any{C, []any{0}, I},
			want: 0.5},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r, err := Reducer(tc.reducer)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, r(epochs(tc.in...)).Value, floatOpts); diff != "" {
				t.Errorf("%s mismatch (-want +got):\n%s", tc.reducer, diff)
			}
		})
	}
}

func TestReducerDoesNotModifyInput(t *testing.T) {
	t.Parallel()
	in := epochs([]any{nan, 1.0}, []any{0.0, nan})
	for _, name := range []string{"mean", "median", "mode", "max", "pass_at_1", "at_least_1"} {
		r, err := Reducer(name)
		if err != nil {
			t.Fatal(err)
		}
		r(in)
	}
	want := epochs([]any{nan, 1.0}, []any{0.0, nan})
	if diff := cmp.Diff(want, in, floatOpts); diff != "" {
		t.Errorf("input changed (-want +got):\n%s", diff)
	}
}

func TestCheckEpochShapes(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		in      []any
		wantErr string // substring; empty means no error
	}{
		"scalars":          {in: []any{C, 1, true, nan}},
		"lists":            {in: []any{[]any{1, 2}, nan, []any{C, I}}},
		"maps":             {in: []any{map[string]any{"a": 1, "b": 2}, map[string]any{"b": C, "a": I}}},
		"all unscored":     {in: []any{nan, nan}},
		"none":             {in: nil},
		"list lengths":     {in: []any{[]any{1, 2}, []any{1}}, wantErr: "scored epoch 1 is a list of length 2, scored epoch 2 is a list of length 1"},
		"map keys":         {in: []any{map[string]any{"a": 1}, map[string]any{"b": 1}}, wantErr: `a map with keys ["a"]`},
		"scalar then list": {in: []any{nan, C, []any{C}}, wantErr: "scored epoch 1 is a scalar, scored epoch 2 is a list"},
		"map then scalar":  {in: []any{map[string]any{"a": 1}, 1}, wantErr: "is a scalar"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			err := CheckEpochShapes(epochs(tc.in...))
			switch {
			case tc.wantErr == "" && err != nil:
				t.Errorf("CheckEpochShapes(%v) = %v, want nil", tc.in, err)
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
				t.Errorf("CheckEpochShapes(%v) = %v, want an error containing %q", tc.in, err, tc.wantErr)
			}
		})
	}
}
