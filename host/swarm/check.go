package swarm

// The limit checks of SPEC §6. Both run under r.mu and return the cause
// refusing the member's call ("" lets it through) and the stop reason when
// the check stops the swarm (the caller stops it after unlocking).
//
// When one call meets several rules, the outermost wins, as Inspect checks
// nested limits from the root (and as Inspect Swarm nests them): the
// sample's limits (the sample ends at once, see [runtime.abort]: the member
// ends "errored", the others "cancelled", the ledger's ended_by is
// "sample_limit:<kind>"), then the swarm cap (the member ends "swarm_cap" and
// the swarm stops with "swarm_cap"; the cap stays exceeded, so every member
// whose next call meets it ends "swarm_cap" too, even during the stop), then
// the stop ("stopped"), then the member's share ("share"), then its own
// limits ("member_limit:<kind>").
//
// A check that ends the sample returns SampleLimitPrefix+kind as its stop.

// admit is the check before a member's call is dispatched; sending is the
// number of messages the call sends.
func (r *runtime) admit(m *memberState, sending int64) (cause, stop string) {
	if m.cause != "" || r.aborted {
		// once the sample is ending at once, every other member is
		// cancelled: refused for the stop, its status is "cancelled"
		return r.refuse(m), ""
	}
	if kind := sampleReached(r.spec.Budget.Sample, &r.total, sending); kind != "" {
		m.cause = StatusErrored
		return m.cause, SampleLimitPrefix + kind
	}
	if capReached(r.caps, &r.total) {
		m.cause = StatusSwarmCap
		return m.cause, StopSwarmCap
	}
	if c := r.refuse(m); c != "" {
		return c, ""
	}
	if shareReached(m) {
		m.cause = StatusShare
		return m.cause, ""
	}
	if kind := sampleReached(m.spec.Limits, &m.acct, sending); kind != "" {
		m.cause = MemberLimit(kind)
		return m.cause, ""
	}
	return "", ""
}

// settle is the check after a member's call is recorded: a call that took
// usage above a limit is refused to its agent (its usage stays recorded).
// Once the swarm is stopping, calls in flight finish and are returned, as
// the stop procedure says, unless they took usage above a limit: limits
// are checked after every recorded call, as Inspect checks them, so such a
// member ends with that limit's status. The overshoot shows in the ledger.
func (r *runtime) settle(m *memberState) (cause, stop string) {
	if r.aborted && m.cause == "" {
		// a call in flight when the sample ended at once: cancelled
		return r.refuse(m), ""
	}
	if m.cause != "" {
		return "", ""
	}
	if kind := sampleExceeded(r.spec.Budget.Sample, &r.total, m.acct.messages); kind != "" {
		m.cause = StatusErrored
		return m.cause, SampleLimitPrefix + kind
	}
	if capExceeded(r.caps, &r.total) {
		m.cause = StatusSwarmCap
		return m.cause, StopSwarmCap
	}
	if shareExceeded(m) {
		m.cause = StatusShare
		return m.cause, ""
	}
	if kind := sampleExceeded(m.spec.Limits, &m.acct, m.acct.messages); kind != "" {
		m.cause = MemberLimit(kind)
		return m.cause, ""
	}
	return "", ""
}

// sampleReached returns the kind of the first limit of l that a is at or
// over (the next call would exceed it), or "". Turns are not checked
// before a call: as Inspect records a turn once a generation completes and
// only then checks the limit, the call past a turn limit is made and
// recorded, and sampleExceeded ends the member after it.
func sampleReached(l Limits, a *account, sending int64) string {
	switch {
	case atLeast(a.metered, l.Tokens):
		return LimitToken
	case l.Cost != nil && a.cost >= *l.Cost:
		return LimitCost
	case atLeast(sending, l.Messages):
		return LimitMessage
	}
	return ""
}

// sampleExceeded returns the kind of the first limit of l that a is over,
// or ""; messages is the conversation length the call made.
func sampleExceeded(l Limits, a *account, messages int64) string {
	switch {
	case over(a.metered, l.Tokens):
		return LimitToken
	case l.Cost != nil && a.cost > *l.Cost:
		return LimitCost
	case over(int64(a.calls), l.Turns):
		return LimitTurn
	case over(messages, l.Messages):
		return LimitMessage
	}
	return ""
}

func capReached(c Caps, a *account) bool {
	return atLeast(a.metered, c.Tokens) || (c.Cost != nil && a.cost >= *c.Cost)
}

func capExceeded(c Caps, a *account) bool {
	return over(a.metered, c.Tokens) || (c.Cost != nil && a.cost > *c.Cost)
}

func shareReached(m *memberState) bool {
	return atLeast(m.acct.metered, m.shareTokens) || (m.shareCost != nil && m.acct.cost >= *m.shareCost)
}

func shareExceeded(m *memberState) bool {
	return over(m.acct.metered, m.shareTokens) || (m.shareCost != nil && m.acct.cost > *m.shareCost)
}

func atLeast(v int64, limit *int64) bool { return limit != nil && v >= *limit }

func over(v int64, limit *int64) bool { return limit != nil && v > *limit }
