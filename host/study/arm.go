package study

import (
	"math"

	"github.com/swarmhost/swarmhost/host/config"
)

// Source says which program wrote an arm's log.
type Source string

// The log sources.
const (
	// SourceSwarmhost: swarmhost, with member scores when they were asked for.
	SourceSwarmhost Source = "swarmhost"
	// SourceInspectSwarm: Inspect Swarm, which records no member scores.
	SourceInspectSwarm Source = "inspect_swarm"
	// SourceInspect: a plain Inspect eval: no record, no ledger; each sample
	// is one agent's attempt.
	SourceInspect Source = "inspect"
)

// Arm is one arm's log, read for the comparison.
type Arm struct {
	// Label names the arm; Role is what it stands for.
	Label string         `json:"label"`
	Role  config.ArmRole `json:"role"`
	// K is the arm's own k: a swarm's member count, a baseline's epoch
	// count (its n), a single agent's budget multiple (0: unknown).
	K int `json:"k"`
	// Study is the study the log says the arm belongs to ("" if none).
	Study  string `json:"study,omitempty"`
	Path   string `json:"path"`
	Source Source `json:"source"`
	// Eval and Task name what ran; Scorer is the score compared.
	Eval   string `json:"eval"`
	Task   string `json:"task"`
	Scorer string `json:"scorer"`
	// Rule is the swarm's final rule as its records show it: first, last
	// or controller; "" when no attempt recorded one.
	Rule string `json:"rule"`
	// MemberScores is true when the log holds member scores for Scorer.
	MemberScores bool `json:"member_scores"`
	// Samples in the order the log first lists them.
	Samples []Sample `json:"-"`
}

// Sample is one sample's attempts (epochs) in an arm.
type Sample struct {
	ID       string
	Attempts []Attempt
}

// Attempt is one sample × epoch of an arm.
type Attempt struct {
	Epoch int
	// Score is the compared score as a float; NaN when unscored.
	Score float64
	// Submitted: the answer came from a submission (the record's final
	// names a member; without a record, a non-empty output).
	Submitted bool
	// Time is when the answer was submitted, seconds on the swarm's clock
	// (the chosen member's end); without a record, the sample's working
	// time. Nil when unknown.
	Time *float64
	// Members are the members' outcomes, in roster order.
	Members []Member
	// Best and Mean are best_member and mean_member; nil when not
	// recorded or when no member counts.
	Best, Mean *float64
	// Cost is what the attempt spent.
	Cost Cost
	// Signals are its harness-validity signals.
	Signals Signals
}

// Member is one member's outcome in one attempt.
type Member struct {
	Name      string
	State     string
	Status    string
	Submitted bool
	Chosen    bool
	// Score is the member's own score; nil when none is recorded
	// (Missing says why when the log says).
	Score   *float64
	Missing string
}

// Cost is one attempt's recorded cost.
type Cost struct {
	// Tokens are the swarm meter's total tokens (the sample's model usage
	// when the log has no ledger); Dollars its cost, nil when none recorded.
	Tokens  int64
	Dollars *float64
	// Ledger: the attempt has a ledger; Complete and Attributed are its
	// total_complete and attribution_complete.
	Ledger     bool
	Complete   bool
	Attributed bool
	// Unpriced counts calls with usage and no price.
	Unpriced int
}

// Signals are the harness-validity signals of one attempt.
type Signals struct {
	// NeverActed are started members with no completed model call.
	NeverActed []string
	// StormRejections counts sends a channel's storm controls refused.
	StormRejections int
	// Refusals counts model calls that stopped for content_filter;
	// GaveUp the members that ended unsubmitted.
	Refusals int
	GaveUp   int
	// Errored: the sample ended in error; Provisional: its answer is the
	// one so far (a limit or error cut the swarm short).
	Errored     bool
	Provisional bool
}

// scored reports whether the attempt has a score.
func (a Attempt) scored() bool { return !math.IsNaN(a.Score) }

// sampleIDs are the arm's sample ids in order.
func (a *Arm) sampleIDs() []string {
	ids := make([]string, len(a.Samples))
	for i, s := range a.Samples {
		ids[i] = s.ID
	}
	return ids
}
