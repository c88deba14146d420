package scoring

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swarmhost/swarmhost/sdk/scorer"
)

func TestMemberScoreOf(t *testing.T) {
	t.Parallel()
	one, zero, half := 1.0, 0.0, 0.5
	why := func(m Missing) *Missing { return &m }
	answer := "42"
	tests := map[string]struct {
		in   scorer.Score
		want MemberScore
	}{
		"letter":    {in: scorer.Score{Value: C, Answer: &answer, Explanation: "ok"}, want: MemberScore{Value: C, Score: &one, Answer: &answer, Explanation: strPtr("ok")}},
		"incorrect": {in: scorer.Score{Value: I}, want: MemberScore{Value: I, Score: &zero}},
		"number":    {in: scorer.Score{Value: 0.5}, want: MemberScore{Value: 0.5, Score: &half}},
		"unscored":  {in: scorer.Unscored(), want: MemberScore{Missing: why(MissingNoScore)}},
		"infinite":  {in: scorer.Score{Value: math.Inf(1)}, want: MemberScore{Missing: why(MissingNoScore)}},
		"dict":      {in: scorer.Score{Value: map[string]any{"a": 1.0}}, want: MemberScore{Value: map[string]any{"a": 1.0}, Missing: why(MissingNonScalar)}},
		"list":      {in: scorer.Score{Value: []any{1.0}}, want: MemberScore{Value: []any{1.0}, Missing: why(MissingNonScalar)}},
		"no value":  {in: scorer.Score{Value: nil}, want: MemberScore{Missing: why(MissingNoScore)}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if diff := cmp.Diff(tc.want, MemberScoreOf(tc.in), floatOpts); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func strPtr(s string) *string { return &s }

// TestSummarise checks best_member and mean_member by hand: members that
// never started or have no usable score are left out; an empty output
// counts as 0.
func TestSummarise(t *testing.T) {
	t.Parallel()
	scored := func(x float64) MemberScore { return MemberScore{Score: &x} }
	tests := map[string]struct {
		members    []MemberScore
		best, mean *float64
		counted    int
	}{
		// .5, 1, 0 → best 1, mean 1.5/3 = .5
		"three scored": {members: []MemberScore{scored(0.5), scored(1), scored(0)}, best: f(1), mean: f(0.5), counted: 3},
		// 1 and an empty output (0); not started and no score left out:
		// best 1, mean (1+0)/2
		"left out and empty": {members: []MemberScore{scored(1), Without(MissingEmptyOutput), Without(MissingNotStarted),
			Without(MissingNoScore), Without(MissingNonScalar)}, best: f(1), mean: f(0.5), counted: 2},
		// only empty outputs: best 0, mean 0
		"all empty": {members: []MemberScore{Without(MissingEmptyOutput), Without(MissingEmptyOutput)}, best: f(0), mean: f(0), counted: 2},
		"none":      {members: []MemberScore{Without(MissingNotStarted)}, counted: 0},
		// .2 .4 .9 → best .9, mean 1.5/3 = .5
		"graded": {members: []MemberScore{scored(0.2), scored(0.4), scored(0.9)}, best: f(0.9), mean: f(0.5), counted: 3},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := MemberScorer{Members: tc.members}
			s.Summarise()
			if diff := cmp.Diff([]any{tc.best, tc.mean, tc.counted}, []any{s.BestMember, s.MeanMember, s.Counted}, floatOpts); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func f(x float64) *float64 { return &x }
