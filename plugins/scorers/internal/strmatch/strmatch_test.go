package strmatch

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swarmhost/swarmhost/sdk/scorer"
)

func TestScore(t *testing.T) {
	t.Parallel()
	equal := func(completion, target string) (string, bool) { return "got " + target, completion == target }
	tests := map[string]struct {
		completion string
		targets    []string
		want       scorer.Score
	}{
		"first match wins": {completion: "b", targets: []string{"a", "b", "c"},
			want: scorer.Score{Value: scorer.Correct, Answer: scorer.Text("got b"), Explanation: "b"}},
		"answer of last target tried": {completion: "z", targets: []string{"a", "b"},
			want: scorer.Score{Value: scorer.Incorrect, Answer: scorer.Text("got b"), Explanation: "z"}},
		"no targets": {completion: "z",
			want: scorer.Score{Value: scorer.Incorrect, Explanation: "z"}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if diff := cmp.Diff(tc.want, Score(tc.completion, tc.targets, equal)); diff != "" {
				t.Errorf("Score (-want +got):\n%s", diff)
			}
		})
	}
}

func TestMatchStrLocations(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		value, target string
		opts          Options
		answer        string
		matched       bool
	}{
		"end":            {value: "The answer is 42.", target: "42", opts: Options{Location: End, IgnoreCase: true}, answer: "The answer is 42.", matched: true},
		"begin":          {value: "42 it is", target: "42", opts: Options{Location: Begin, IgnoreCase: true}, answer: "42 it is", matched: true},
		"any":            {value: "so 42 it is", target: "42", opts: Options{Location: Any}, answer: "so 42 it is", matched: true},
		"exact":          {value: "42!", target: "42", opts: Options{Location: Exact}, answer: "42!", matched: true},
		"numeric end":    {value: "$1,000.50", target: "1000.5", opts: Options{Location: End, Numeric: true}, answer: "1000.5", matched: true},
		"numeric suffix": {value: "25", target: "5", opts: Options{Location: End, Numeric: true}, answer: "25"},
		"numeric any":    {value: "7 then 25", target: "25", opts: Options{Location: Any, Numeric: true}, answer: "25", matched: true},
		"numeric exact":  {value: "5 apples", target: "5", opts: Options{Location: Exact, Numeric: true}, answer: "5 apples"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			answer, matched := MatchStr(tc.value, tc.target, tc.opts)
			if answer != tc.answer || matched != tc.matched {
				t.Errorf("MatchStr(%q, %q, %+v) = %q, %v; want %q, %v", tc.value, tc.target, tc.opts, answer, matched, tc.answer, tc.matched)
			}
		})
	}
}
