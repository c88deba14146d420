package swarm

// Ledger is a sample's accounting (SPEC §6), written once per sample on
// every exit path in the store under [StoreKeyLedger]. Field names and
// order are deliberate, like the record's.
//
// Token and cost sums cover recorded calls only. A call cancelled in flight
// (by the hard stop, a member's time limit or a crashed agent) has unknown
// usage: it is counted in cancelled_calls, never added as zero tokens, and
// makes that member's complete and the ledger's total_complete false, so
// the sums are then lower bounds. Calls the provider failed have no usage
// and are counted in failed_calls. A cost is null when a recorded call's
// model has no price (unknown, not zero).
type Ledger struct {
	Version int `json:"version"`
	// Budget is the swarm's budget block as configured (null: unset).
	Budget LedgerBudget `json:"budget"`
	// Limits are the task's per-sample limits as configured.
	Limits LedgerLimits `json:"limits"`
	// Caps are the swarm caps in force (configured or derived).
	Caps    LedgerCaps     `json:"caps"`
	Members []LedgerMember `json:"members"`
	Swarm   LedgerSwarm    `json:"swarm"`
	// StopReason says why the swarm stopped (Stop* constants,
	// "controller:<reason>", "sample_limit:<kind>").
	// It is null when nothing stopped the swarm before the sample ended
	// (an error, or a sample limit), as in Inspect Swarm.
	StopReason    *string `json:"stop_reason"`
	TotalComplete bool    `json:"total_complete"`
}

// LedgerBudget is a budget block as configured; times in seconds. Split
// is "pool", "equal" or the list of weights.
type LedgerBudget struct {
	Tokens  *int64   `json:"tokens"`
	Cost    *float64 `json:"cost"`
	Time    *float64 `json:"time"`
	Reserve float64  `json:"reserve"`
	Split   any      `json:"split"`
	Grace   float64  `json:"grace"`
}

// LedgerLimits are limits as configured; time in seconds.
type LedgerLimits struct {
	Tokens        *int64   `json:"tokens"`
	Cost          *float64 `json:"cost"`
	Time          *float64 `json:"time"`
	Messages      *int64   `json:"messages"`
	Turns         *int64   `json:"turns"`
	TokenMetering string   `json:"token_metering,omitempty"`
}

// LedgerCaps are the swarm caps in force; time in seconds.
type LedgerCaps struct {
	Tokens *int64   `json:"tokens"`
	Cost   *float64 `json:"cost"`
	Time   *float64 `json:"time"`
}

// LedgerUsage sums recorded calls; tokens as Inspect's ModelUsage (input
// excludes cache reads and writes), metered_tokens under the sample's
// token metering (what limits, caps and shares count).
type LedgerUsage struct {
	InputTokens           int64    `json:"input_tokens"`
	InputTokensCacheRead  int64    `json:"input_tokens_cache_read"`
	InputTokensCacheWrite int64    `json:"input_tokens_cache_write"`
	OutputTokens          int64    `json:"output_tokens"`
	TotalTokens           int64    `json:"total_tokens"`
	MeteredTokens         int64    `json:"metered_tokens"`
	Cost                  *float64 `json:"cost"`
	Calls                 int      `json:"calls"`
	CancelledCalls        int      `json:"cancelled_calls"`
	FailedCalls           int      `json:"failed_calls"`
	Complete              bool     `json:"complete"`
}

// LedgerShare is a member's share of a split budget.
type LedgerShare struct {
	Tokens *int64   `json:"tokens"`
	Cost   *float64 `json:"cost"`
}

// LedgerMember is one member's accounting. Its overshoot is measured
// against its own tighter bound of share and member limit (null: neither).
type LedgerMember struct {
	Name   string       `json:"name"`
	Status *string      `json:"status"`
	Share  *LedgerShare `json:"share"`
	Limits LedgerLimits `json:"limits"`
	LedgerUsage
	// Messages is the longest conversation one of its calls made.
	Messages  int64           `json:"messages"`
	Overshoot MemberOvershoot `json:"overshoot"`
}

// MemberOvershoot is how far a member went past its bound, per kind.
type MemberOvershoot struct {
	Tokens *int64   `json:"tokens"`
	Cost   *float64 `json:"cost"`
}

// LedgerSwarm is the whole swarm's accounting; overshoot is measured
// against the swarm caps (null: no cap of that kind). Time overshoot is
// how long the swarm ran past its time cap (grace included).
type LedgerSwarm struct {
	LedgerUsage
	Overshoot SwarmOvershoot `json:"overshoot"`
}

// SwarmOvershoot is how far the swarm went past its caps, per kind.
type SwarmOvershoot struct {
	Tokens *int64   `json:"tokens"`
	Cost   *float64 `json:"cost"`
	Time   *float64 `json:"time"`
}
