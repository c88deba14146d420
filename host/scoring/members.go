package scoring

import (
	"math"

	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// StoreKeyMemberScores is the sample store key of the per-member scores:
// swarmhost's own key, beside Inspect Swarm's inspect_swarm:result (which
// only the swarm writes and which these never touch).
const StoreKeyMemberScores = "swarmhost:member_scores"

// MemberScoresVersion is the version of the [MemberScores] document.
const MemberScoresVersion = 1

// Missing says why a member has no score.
type Missing string

// The reasons a member has no score.
const (
	// MissingNotStarted: the controller never started the member.
	MissingNotStarted Missing = "not_started"
	// MissingEmptyOutput: the member returned no output (it was stopped,
	// cancelled or errored, or its agent returned nothing) and the scorer
	// grades outputs only, so there was nothing to score. (A scorer that
	// may read the member's sandbox scores it all the same.)
	MissingEmptyOutput Missing = "empty_output"
	// MissingNoScore: the scorer returned nothing usable (unscored, a
	// non-finite number, an error or a timeout; the explanation says which).
	MissingNoScore Missing = "no_score"
	// MissingNonScalar: the scorer returned a list or a dict, which has no
	// single number to compare members by.
	MissingNonScalar Missing = "non_scalar"
)

// MemberScores is the per-member scores document (version 1), written in
// the sample store under [StoreKeyMemberScores]: for each scorer scored per
// member, every member of the roster in roster order.
type MemberScores struct {
	Version int            `json:"version"`
	Scorers []MemberScorer `json:"scorers"`
}

// MemberScorer is one scorer's scores of every member.
type MemberScorer struct {
	// Scorer is the scorer's name in the log (the key of sample.scores).
	Scorer  string        `json:"scorer"`
	Members []MemberScore `json:"members"`
	// BestMember and MeanMember summarise the members ([Summarise]); null
	// when no member counts.
	BestMember *float64 `json:"best_member"`
	MeanMember *float64 `json:"mean_member"`
	// Counted is how many members the summaries cover.
	Counted int `json:"counted"`
}

// MemberScore is one member's score, or why it has none.
type MemberScore struct {
	Name string `json:"name"`
	// Status is the member's status from the result record (null: never
	// ended); Submitted and Chosen say whether it submitted and whether its
	// answer is the swarm's.
	Status    *string `json:"status"`
	Submitted bool    `json:"submitted"`
	Chosen    bool    `json:"chosen"`
	// Value is the scorer's value as it returned it; Score is its float
	// ([ValueToFloat]). Both null when the member has none.
	Value any      `json:"value"`
	Score *float64 `json:"score"`
	// Answer and Explanation are the scorer's, when it gave them.
	Answer      *string `json:"answer"`
	Explanation *string `json:"explanation"`
	// Missing says why the member has no score; null when it has one.
	Missing *Missing `json:"missing"`
}

// MemberScoreOf turns a scorer's verdict on one member into its entry: a
// scalar finite value is kept with its float, a list or dict is
// [MissingNonScalar], and no value (nil), an unscored or a non-finite value
// is [MissingNoScore].
func MemberScoreOf(s scorer.Score) MemberScore {
	m := MemberScore{Answer: s.Answer}
	if s.Explanation != "" {
		m.Explanation = &s.Explanation
	}
	switch s.Value.(type) {
	case nil:
		return m.without(MissingNoScore)
	case []any, map[string]any:
		m.Value = s.Value
		return m.without(MissingNonScalar)
	}
	if IsUnscored(s.Value) {
		return m.without(MissingNoScore)
	}
	f := ValueToFloat(s.Value)
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return m.without(MissingNoScore)
	}
	m.Value, m.Score = s.Value, &f
	return m
}

// Without returns a member entry with no score, for reason why.
func Without(why Missing) MemberScore { return MemberScore{}.without(why) }

func (m MemberScore) without(why Missing) MemberScore {
	m.Score, m.Missing = nil, &why
	return m
}

// Summarise sets BestMember, MeanMember and Counted: the best and the mean
// of the members' scores, where a member that returned an empty output
// counts as 0 (an attempt that gave no answer), and members that never
// started, or whose score is missing or not a number, are left out. With
// no member counted, both are null.
func (s *MemberScorer) Summarise() {
	var xs []float64
	for _, m := range s.Members {
		switch {
		case m.Score != nil:
			xs = append(xs, *m.Score)
		case m.Missing != nil && *m.Missing == MissingEmptyOutput:
			xs = append(xs, 0)
		}
	}
	s.Counted = len(xs)
	if len(xs) == 0 {
		s.BestMember, s.MeanMember = nil, nil
		return
	}
	best, mean := xs[0], exactMean(xs)
	for _, x := range xs[1:] {
		best = math.Max(best, x)
	}
	s.BestMember, s.MeanMember = &best, &mean
}
