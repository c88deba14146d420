package study

import (
	"fmt"
	"strings"
)

// FlagKind names a harness-validity flag.
type FlagKind string

// The flags, each read from what the logs already hold.
const (
	// FlagNeverActed: a member started but completed no model call
	// (metrics.never_acted).
	FlagNeverActed FlagKind = "never_acted"
	// FlagMessageStorm: a channel's storm controls refused sends
	// (metrics.members[].comm[].rejections).
	FlagMessageStorm FlagKind = "message_storm"
	// FlagRefusal: a model call stopped for content_filter (model events).
	FlagRefusal FlagKind = "refusal"
	// FlagGaveUp: a member ended unsubmitted (record status).
	FlagGaveUp FlagKind = "gave_up"
	// FlagUnpriced: calls with usage and no price (ledger calls.unpriced):
	// dollars are incomplete.
	FlagUnpriced FlagKind = "unpriced_calls"
	// FlagIncompleteLedger: a ledger says its total or its attribution is
	// not complete (total_complete, attribution_complete).
	FlagIncompleteLedger FlagKind = "incomplete_ledger"
	// FlagNoLedger: the sample has no ledger (a plain agent): its cost is
	// the sample's model usage, scorers included.
	FlagNoLedger FlagKind = "no_ledger"
	// FlagErrored: the sample ended in error (unscored).
	FlagErrored FlagKind = "errored"
	// FlagProvisional: a limit or error cut the swarm short and its answer
	// is the one so far.
	FlagProvisional FlagKind = "provisional"
)

// Flag is one kind of harness-validity concern in one arm.
type Flag struct {
	Arm  string   `json:"arm"`
	Kind FlagKind `json:"kind"`
	// Count is how many members, calls or attempts it concerns (Detail
	// says which); Attempts lists the attempts ("sample#epoch").
	Count    int      `json:"count"`
	Attempts []string `json:"attempts"`
	Detail   string   `json:"detail"`
}

// flagsOf collects the arm's flags; a kind with nothing to report is
// left out.
func flagsOf(arm *Arm) []Flag {
	type check struct {
		kind   FlagKind
		count  func(Attempt) int
		detail string
	}
	checks := []check{
		{FlagNeverActed, func(a Attempt) int { return len(a.Signals.NeverActed) }, "members that started but completed no model call"},
		{FlagMessageStorm, func(a Attempt) int { return a.Signals.StormRejections }, "sends refused by a channel's storm controls"},
		{FlagRefusal, func(a Attempt) int { return a.Signals.Refusals }, "model calls stopped by a content filter"},
		{FlagGaveUp, func(a Attempt) int { return a.Signals.GaveUp }, "members that gave up (unsubmitted)"},
		{FlagUnpriced, func(a Attempt) int { return a.Cost.Unpriced }, "calls with no price: dollars are incomplete"},
		{FlagIncompleteLedger, func(a Attempt) int { return b2i(a.Cost.Ledger && !(a.Cost.Complete && a.Cost.Attributed)) },
			"attempts whose ledger says its usage or attribution is incomplete"},
		{FlagNoLedger, func(a Attempt) int { return b2i(!a.Cost.Ledger) }, "attempts without a ledger: cost is the sample's model usage"},
		{FlagErrored, func(a Attempt) int { return b2i(a.Signals.Errored) }, "attempts that ended in error (unscored)"},
		{FlagProvisional, func(a Attempt) int { return b2i(a.Signals.Provisional) }, "attempts whose answer is provisional"},
	}
	var out []Flag
	for _, c := range checks {
		f := Flag{Arm: arm.Label, Kind: c.kind, Detail: c.detail, Attempts: []string{}}
		for _, s := range arm.Samples {
			for _, a := range s.Attempts {
				if n := c.count(a); n > 0 {
					f.Count += n
					f.Attempts = append(f.Attempts, fmt.Sprintf("%s#%d", s.ID, a.Epoch))
				}
			}
		}
		if f.Count > 0 {
			out = append(out, f)
		}
	}
	return out
}

// String is the flag in one line.
func (f Flag) String() string {
	return fmt.Sprintf("%s: %s: %d %s (%s)", f.Arm, f.Kind, f.Count, f.Detail, strings.Join(f.Attempts, ", "))
}

// ArmCostRow is an arm's recorded cost per sample and how far the ledger
// vouches for it.
type ArmCostRow struct {
	Arm  string `json:"arm"`
	Role string `json:"role"`
	K    int    `json:"k"`
	// Attempts is the arm's sample × epochs; Tokens and Dollars the mean
	// per attempt (Dollars nil when not every attempt has one).
	Attempts int      `json:"attempts"`
	Tokens   float64  `json:"tokens_per_attempt"`
	Dollars  *float64 `json:"dollars_per_attempt"`
	// Complete counts attempts whose ledger is total_complete and
	// attribution_complete; Unpriced the unpriced calls; NoLedger the
	// attempts without a ledger.
	Complete int `json:"complete"`
	Unpriced int `json:"unpriced_calls"`
	NoLedger int `json:"no_ledger"`
}

// costRow sums the arm's cost and completeness.
func costRow(arm *Arm) ArmCostRow {
	c := costPerAttempt(arm)
	row := ArmCostRow{Arm: arm.Label, Role: string(arm.Role), K: arm.K, Tokens: c.tokens, Dollars: c.dollars}
	for _, s := range arm.Samples {
		for _, a := range s.Attempts {
			row.Attempts++
			row.Complete += b2i(a.Cost.Ledger && a.Cost.Complete && a.Cost.Attributed)
			row.Unpriced += a.Cost.Unpriced
			row.NoLedger += b2i(!a.Cost.Ledger)
		}
	}
	return row
}
