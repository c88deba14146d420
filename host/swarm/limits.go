package swarm

import (
	"time"

	"github.com/swarmhost/swarmhost/host/internal/tokenmeter"
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

// Token metering modes: which tokens count against a token limit, cap or
// share. Each limit may have its own (Limits.Metering,
// Budget.TokensMetering); one left "" takes the budget's Metering. Any
// other mode is an Inspect metering formula over input and output (see
// tokenmeter.Formula).
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
	Tokens *int64
	// Metering is what Tokens meters ("" is the budget's Metering).
	Metering string
	Cost     *float64 // US dollars
	Time     *time.Duration
	Messages *int64
	Turns    *int64
}

// Metered counts u's tokens under a metering mode ("" and Inspect's "all"
// are MeterTotal; a mode that is no keyword is a formula). Usage is summed
// before it is metered, as Inspect meters its token limits, so a formula's
// floor applies to the sum.
func Metered(mode string, u model.Usage) int64 {
	switch mode {
	case "", MeterTotal, tokenmeter.All:
		return u.TotalTokens
	case MeterOutput:
		return u.OutputTokens
	case MeterInspect:
		return u.InputTokens + u.InputCacheRead + u.InputCacheWrite + u.OutputTokens
	default:
		return tokenmeter.Formula(mode, u.InputTokens+u.InputCacheRead+u.InputCacheWrite, u.OutputTokens)
	}
}

// orMetering is mode, or fallback when mode is "".
func orMetering(mode, fallback string) string {
	if mode != "" {
		return mode
	}
	return fallback
}
