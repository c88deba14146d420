package swarm

import (
	"time"

	"github.com/swarmhost/swarmhost/sdk/model"
)

// Limit kinds, as written in "member_limit:<kind>" statuses and
// "sample_limit:<kind>" stop reasons (Inspect's limit type names).
const (
	LimitToken   = "token"
	LimitCost    = "cost"
	LimitTurn    = "turn"
	LimitMessage = "message"
	LimitTime    = "time"
	// LimitCustom is the kind of an agent that stopped itself
	// (agent.StopSelf): "member_limit:custom".
	LimitCustom = "custom"
)

// Token metering modes: which tokens count against every token limit, cap
// and share of a sample.
const (
	// MeterTotal counts the provider's total tokens (the default).
	MeterTotal = "total"
	// MeterOutput counts output tokens only.
	MeterOutput = "output"
	// MeterInspect counts input (including cache reads and writes) plus
	// output, as Inspect's token formula does.
	MeterInspect = "inspect"
)

// Limits are soft stopping rules (SPEC §6): checked before a model call is
// dispatched and after it is recorded, never reserved for calls in flight.
// A nil field is no limit.
//
// Counting, per member for member limits and per sample for task limits:
//   - tokens: metered tokens of recorded calls (see the Meter* modes),
//     summed over the members for a sample;
//   - cost: dollars of recorded calls at the model's price, summed likewise;
//   - turns: recorded model calls, summed likewise;
//   - messages: as Inspect counts them, the length of one conversation: a
//     call sending n messages makes the member's conversation n+1 long. A
//     call is refused when it sends as many messages as the limit (its
//     answer would exceed it). The sample's limit applies to each member's
//     own conversation, since members never share one;
//   - time: wall clock from the member's start (member limits, enforced by
//     cancelling the member at once, as Inspect's time_limit does) or from
//     the sample's start (enforced by the caller through the context, see
//     [SampleLimit]).
//
// Tokens and cost are reached at usage ≥ limit: no call is dispatched
// then; a recorded call that takes usage above the limit exceeds it and
// is refused to its agent after being recorded, so the overshoot shows in
// the ledger. Turns are checked only after a call, as Inspect checks them:
// with a limit of n the (n+1)th call is made, recorded and refused.
type Limits struct {
	Tokens   *int64
	Cost     *float64 // US dollars
	Time     *time.Duration
	Messages *int64
	Turns    *int64
}

// Metered counts u's tokens under a metering mode ("" is MeterTotal).
func Metered(mode string, u model.Usage) int64 {
	switch mode {
	case MeterOutput:
		return u.OutputTokens
	case MeterInspect:
		return u.InputTokens + u.InputCacheRead + u.InputCacheWrite + u.OutputTokens
	default:
		return u.TotalTokens
	}
}
