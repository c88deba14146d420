package agent

import (
	"context"
	"errors"
)

// BudgetReader is the optional part of a Host through which a member reads
// the swarm's budget. Agents call it through [ReadBudget]; the Host the SDK
// hands a member has it, a test's fake Host may not.
type BudgetReader interface {
	// Budget reads the swarm's budget as this member sees it.
	Budget(ctx context.Context) (Budget, error)
}

// ErrBudgetUnsupported is ReadBudget's error for a host without the call.
var ErrBudgetUnsupported = errors.New("agent: the host cannot report the swarm's budget")

// ReadBudget reads the swarm's budget as the member sees it — the Go form
// of Inspect Swarm's swarm_budget(). A Host without the call (a test's
// fake) yields ErrBudgetUnsupported.
func ReadBudget(ctx context.Context, h Host) (Budget, error) {
	r, ok := h.(BudgetReader)
	if !ok {
		return Budget{}, ErrBudgetUnsupported
	}
	return r.Budget(ctx)
}

// Budget is the swarm's budget as a member sees it (Inspect Swarm's
// SwarmBudget): the caps that stop the swarm, what the whole swarm has
// used, and the member's share when the budget is split.
type Budget struct {
	// Split is "pool", "equal" or "weights" (then Weights, one per member
	// in roster order).
	Split   string
	Weights []float64
	// Cost (dollars), Tokens and Time (seconds; used is the time since the
	// swarm started) are nil when the swarm has no such cap.
	Cost, Tokens, Time *BudgetUsage
	// TokenType is what the token cap meters: "all", or a metering such as
	// "output".
	TokenType string
}

// BudgetUsage is one capped kind (Inspect Swarm's BudgetUsage).
type BudgetUsage struct {
	Cap, Used float64
	// Share and ShareUsed are the member's share and its use of it with a
	// split budget; nil otherwise (time is never split).
	Share, ShareUsed *float64
}

// HasCap reports whether the swarm has any cap.
func (b Budget) HasCap() bool { return b.Cost != nil || b.Tokens != nil || b.Time != nil }
