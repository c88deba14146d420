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
// A check that ends the sample returns sampleLimitStop(kind) as its stop.

// admit is the check before a member's call is dispatched; sending is the
// number of messages the call sends.
func (r *runtime) admit(m *memberState, sending int64) (cause, stop string) {
	if m.cause != "" || r.aborted {
		// once the sample is ending at once, every other member is
		// cancelled: refused for the stop, its status is "cancelled"
		return r.refuse(m), ""
	}
	if kind := limitMet(beforeCall, r.spec.Budget.Sample, &r.sampleAcct, sending); kind != "" {
		m.cause = StatusErrored
		r.hitSampleLimit(m, r.sampleLimitHit(kind, r.spec.Budget.Sample, sending))
		return m.cause, sampleLimitStop(kind)
	}
	if capMet(beforeCall, r.caps, &r.total) {
		m.cause = StatusSwarmCap
		return m.cause, StopSwarmCap
	}
	if c := r.refuse(m); c != "" {
		return c, ""
	}
	if shareMet(beforeCall, m, r.caps.TokensMetering) {
		m.cause = StatusShare
		return m.cause, ""
	}
	if kind := limitMet(beforeCall, m.spec.Limits, &m.acct, sending); kind != "" {
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
	if kind := limitMet(afterCall, r.spec.Budget.Sample, &r.sampleAcct, m.acct.messages); kind != "" {
		m.cause = StatusErrored
		r.hitSampleLimit(m, r.sampleLimitHit(kind, r.spec.Budget.Sample, m.acct.messages))
		return m.cause, sampleLimitStop(kind)
	}
	if capMet(afterCall, r.caps, &r.total) {
		m.cause = StatusSwarmCap
		return m.cause, StopSwarmCap
	}
	if shareMet(afterCall, m, r.caps.TokensMetering) {
		m.cause = StatusShare
		return m.cause, ""
	}
	if kind := limitMet(afterCall, m.spec.Limits, &m.acct, m.acct.messages); kind != "" {
		m.cause = MemberLimit(kind)
		return m.cause, ""
	}
	return "", ""
}

// edge says when usage meets a limit: before a call at the limit (the
// next call would pass it, >=), after a call only past it (>).
type edge int

const (
	beforeCall edge = iota
	afterCall
)

// meets reports whether v meets limit at e; a nil limit is never met.
func meets[T int64 | float64](e edge, v T, limit *T) bool {
	if limit == nil {
		return false
	}
	if e == beforeCall {
		return v >= *limit
	}
	return v > *limit
}

// limitMet returns the kind of the first of l's limits that a meets at e,
// or "": the sample's limits or a member's own. messages is the
// conversation length the call sends (before) or made (after). Turns are
// checked only after a call: as Inspect records a turn once a generation
// completes and only then checks the limit, the call past a turn limit is
// made and recorded, and the check after it ends the member.
func limitMet(e edge, l Limits, a *account, messages int64) string {
	switch {
	case l.Tokens != nil && meets(e, Metered(l.Metering, a.usage), l.Tokens):
		return LimitToken
	case meets(e, a.cost, l.Cost):
		return LimitCost
	case e == afterCall && meets(e, int64(a.calls), l.Turns):
		return LimitTurn
	case meets(e, messages, l.Messages):
		return LimitMessage
	}
	return ""
}

// capMet reports whether the swarm's usage meets one of its caps at e.
func capMet(e edge, c Caps, a *account) bool {
	return c.Tokens != nil && meets(e, Metered(c.TokensMetering, a.usage), c.Tokens) || meets(e, a.cost, c.Cost)
}

// shareMet reports whether the member's usage meets its share at e; its
// token share meters as the cap does (metering).
func shareMet(e edge, m *memberState, metering string) bool {
	return m.shareTokens != nil && meets(e, Metered(metering, m.acct.usage), m.shareTokens) ||
		meets(e, m.acct.cost, m.shareCost)
}
