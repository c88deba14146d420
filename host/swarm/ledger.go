package swarm

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/swarmhost/swarmhost/host/internal/tokenmeter"
)

// Ledger is a sample's accounting, written once per sample on every exit
// path in the store under [StoreKeyLedger] and as a "ledger" evidence
// event. It is Inspect Swarm 0.1.0's ledger document (its SwarmLedger,
// version 1): every field, in order, with the same JSON types and
// meanings, so inspect_swarm.analysis (swarm_ledger(), SwarmColumns) reads
// our logs. Numbers the package types as floats are [Float]s, written
// with a decimal point.
//
// Sums are taken in roster order (each member's in its call order), so
// they do not depend on the order in which members end. A call cancelled
// in flight or failed has unknown usage: it counts in calls.errored,
// never as zero tokens, and makes total_complete false.
type Ledger struct {
	Version int `json:"version"`
	// Budget is the swarm's budget as configured.
	Budget LedgerBudget `json:"budget"`
	// Caps are the caps in force (derived or explicit).
	Caps LedgerCaps `json:"caps"`
	// SampleLimits are the sample's limits when the swarm started.
	SampleLimits SampleLimits `json:"sample_limits"`
	// Members in roster order.
	Members []LedgerMember `json:"members"`
	// Runtime and Final meter the controller's and the final step's model
	// calls: swarmhost's controllers and final step make none.
	Runtime Meter `json:"runtime"`
	Final   Meter `json:"final"`
	// Swarm meters every call in the swarm.
	Swarm Meter `json:"swarm"`
	Calls Calls `json:"calls"`
	// UnpricedCallsRecorded counts recorded calls with usage and no cost.
	UnpricedCallsRecorded int `json:"unpriced_calls_recorded"`
	// SampleDelta is the sample's usage over the swarm's lifetime, and
	// Unattributed what of it no swarm meter recorded.
	SampleDelta  Usage `json:"sample_delta"`
	Unattributed Usage `json:"unattributed"`
	// UnpricedModels are the models with tokens and no cost, sorted.
	UnpricedModels []string `json:"unpriced_models"`
	// NativeCompactionClasses is always empty: no provider compacts natively.
	NativeCompactionClasses []string `json:"native_compaction_classes"`
	// Overshoot is how far usage at the end went past each cap; only the
	// kinds over their cap appear.
	Overshoot Overshoot `json:"overshoot"`
	// StopReason is why the swarm stopped its members (null: no stop
	// began); EndedBy the sample limit ("sample_limit:<type>") or operator
	// interrupt ("operator") that ended it (null: nothing from outside).
	StopReason *string `json:"stop_reason"`
	EndedBy    *string `json:"ended_by"`
	// Interrupted: an error, a limit or a cancellation ended the swarm
	// before or during its final step.
	Interrupted    bool `json:"interrupted"`
	FinalCancelled bool `json:"final_cancelled"`
	// Resumed is always false: a resumed eval re-runs a sample from its start.
	Resumed bool `json:"resumed"`
	// TotalComplete: no call is known to be missing from the usage and
	// cost (no member cancelled, not interrupted, every call completed
	// with priced usage). AttributionComplete: that, and nothing
	// unattributed.
	TotalComplete       bool `json:"total_complete"`
	AttributionComplete bool `json:"attribution_complete"`
}

// LedgerBudget is the budget as configured: cost in dollars, times in
// seconds; Split is "pool", "equal" or the weights in roster order.
type LedgerBudget struct {
	Cost    *Float        `json:"cost"`
	Tokens  *LedgerTokens `json:"tokens"`
	Time    *Float        `json:"time"`
	Reserve Float         `json:"reserve"`
	Split   any           `json:"split"`
	Grace   Float         `json:"grace"`
}

// LedgerTokens is a token cap as configured, written as Inspect Swarm
// writes its Budget.tokens: the number when every token is metered, the
// string "output:N" (the form its token limits parse) for an
// output-metered cap.
type LedgerTokens struct {
	N      int64
	Output bool
	// Text is the cap as the suite wrote it when it wrote a string
	// ("output:1k", "(input*0.1)+output:500"), written as it is.
	Text string
}

// MarshalJSON writes the cap as the suite's string, a number or "output:N".
func (t LedgerTokens) MarshalJSON() ([]byte, error) {
	if t.Text != "" {
		return json.Marshal(t.Text)
	}
	if t.Output {
		return json.Marshal(MeterOutput + ":" + strconv.FormatInt(t.N, 10))
	}
	return strconv.AppendInt(nil, t.N, 10), nil
}

// UnmarshalJSON reads what MarshalJSON writes: a number, or a token limit
// string ("output:N", or any form Inspect parses, kept in Text).
func (t *LedgerTokens) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		*t = LedgerTokens{}
		return json.Unmarshal(b, &t.N)
	}
	v, metering, err := tokenmeter.Parse(s)
	if err != nil {
		return fmt.Errorf("swarm: ledger token cap %q: %w", s, err)
	}
	*t = LedgerTokens{N: v, Output: metering == MeterOutput}
	if s != MeterOutput+":"+strconv.FormatInt(v, 10) {
		t.Text = s
	}
	return nil
}

// LedgerCaps are the caps in force (null: no cap of that kind).
type LedgerCaps struct {
	Cost   *Float `json:"cost"`
	Tokens *Float `json:"tokens"`
	Time   *Float `json:"time"`
}

// SampleLimits are the sample's limits under Inspect's names (null: not
// set); swarmhost has no working limit.
type SampleLimits struct {
	Token   *Float `json:"token"`
	Cost    *Float `json:"cost"`
	Message *Float `json:"message"`
	Turn    *Float `json:"turn"`
	Working *Float `json:"working"`
	Time    *Float `json:"time"`
}

// LedgerMember is one member's entry.
type LedgerMember struct {
	Name string `json:"name"`
	// Status is null for a member never started.
	Status *string `json:"status"`
	// Bridged is always false: swarmhost has no agent bridge.
	Bridged bool  `json:"bridged"`
	Meter   Meter `json:"meter"`
	Calls   Calls `json:"calls"`
	// Cancelled: the member's agent was cancelled (hard stop after grace,
	// its time limit).
	Cancelled           bool `json:"cancelled"`
	BackgroundStarted   int  `json:"background_started"`
	BackgroundCancelled int  `json:"background_cancelled"`
}

// Meter is the usage and cost one meter recorded. Cost is the priced
// calls' dollars (0 when none is priced).
type Meter struct {
	Usage         Usage `json:"usage"`
	Cost          Float `json:"cost"`
	SuspendedCost Float `json:"suspended_cost"`
}

// Usage is Inspect's ModelUsage: input excludes cache reads and writes;
// the optional counts are null when zero; TotalCost is null when no
// recorded call was priced.
type Usage struct {
	InputTokens           int64  `json:"input_tokens"`
	OutputTokens          int64  `json:"output_tokens"`
	TotalTokens           int64  `json:"total_tokens"`
	InputTokensCacheWrite *int64 `json:"input_tokens_cache_write"`
	InputTokensCacheRead  *int64 `json:"input_tokens_cache_read"`
	ReasoningTokens       *int64 `json:"reasoning_tokens"`
	TotalCost             *Float `json:"total_cost"`
}

// Calls counts model calls: completed (Calls), replayed from the cache,
// ended without usage (Errored: failed or cancelled in flight), completed
// without usage, and completed without a cost (Unpriced).
type Calls struct {
	Calls        int `json:"calls"`
	CacheReplays int `json:"cache_replays"`
	Errored      int `json:"errored"`
	NoUsage      int `json:"no_usage"`
	Unpriced     int `json:"unpriced"`
}

// Overshoot is usage past each cap at the end: time in seconds, cost in
// dollars, tokens as metered; a kind within its cap (or without one) is
// absent.
type Overshoot struct {
	Time   *Float `json:"time,omitempty"`
	Cost   *Float `json:"cost,omitempty"`
	Tokens *Float `json:"tokens,omitempty"`
}
