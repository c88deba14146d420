package agent

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
