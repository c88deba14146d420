package swarm

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/swarmhost/swarmhost/sdk/model"
)

// errMemberTime is the cause a member's context ends with at its time limit.
var errMemberTime = errors.New("member time limit")

// setupBudget resolves the caps of this run and the members' shares.
func (r *runtime) setupBudget() {
	b := r.spec.Budget
	r.sampleAcct.usage = r.spec.SampleUsage
	r.sampleAcct.cost = r.usageBeforeCost()
	var used time.Duration
	if b.Sample.Time != nil && !r.spec.Deadline.IsZero() {
		used = max(r.start.Sub(r.spec.Deadline.Add(-*b.Sample.Time)), 0)
	}
	r.caps = DeriveCaps(b, used)
	// every token limit meters its own way, or the budget's
	r.spec.Budget.Sample.Metering = orMetering(b.Sample.Metering, b.Metering)
	for _, m := range r.members {
		m.spec.Limits.Metering = orMetering(m.spec.Limits.Metering, b.Metering)
	}
	defer r.offerResources()
	weights := b.weights(len(r.members))
	if len(weights) == 0 || len(weights) != len(r.members) {
		return // the pool (a list of the wrong length is a config error)
	}
	if r.caps.Tokens != nil {
		for i, n := range SplitTokens(*r.caps.Tokens, weights) {
			r.members[i].shareTokens = &n
		}
	}
	if r.caps.Cost != nil {
		for i, f := range SplitCost(*r.caps.Cost, weights) {
			r.members[i].shareCost = &f
		}
	}
}

// armTimeCap starts the swarm time cap: when it runs out the swarm stops
// with "swarm_time".
func (r *runtime) armTimeCap() {
	if r.caps.Time == nil {
		return
	}
	r.mu.Lock()
	r.capTimer = time.AfterFunc(max(*r.caps.Time, 0), func() { r.stop(StopTime) })
	r.mu.Unlock()
}

// armMember gives a starting member its context and time limit. Callers
// hold r.mu.
func (r *runtime) armMember(m *memberState) {
	m.ctx, m.cancel = context.WithCancelCause(r.memberCtx)
	if t := m.spec.Limits.Time; t != nil {
		m.timer = time.AfterFunc(*t, func() { r.memberTimeUp(m) })
	}
}

// memberTimeUp ends a member at its time limit: the cause is set (unless
// an earlier one holds) and the member is cancelled at once. Inspect logs a
// sample_limit event in the member's span when a time limit fires, the
// member's own too, so one is recorded.
func (r *runtime) memberTimeUp(m *memberState) {
	r.mu.Lock()
	if m.state == StateRunning && m.cause == "" {
		m.cause = MemberLimit(LimitTime)
		r.events.add(Event{Kind: EventSampleLimit, Time: time.Now(), SpanID: m.span, Member: m.spec.Name,
			Data: TimeLimitHit(m.spec.Limits.Time.Seconds())})
	}
	r.mu.Unlock()
	m.cancel(errMemberTime)
}

// disarmMember releases an ended member's timer and context. Callers hold
// r.mu.
func disarmMember(m *memberState) {
	if m.timer != nil {
		m.timer.Stop()
	}
	if m.cancel != nil {
		m.cancel(nil)
	}
}

// beginCall registers one host call of m's (model, tool or gate) and
// returns its context, which also ends with the member's; end must be
// called when the call returns. It fails once the member has ended.
func (r *runtime) beginCall(ctx context.Context, m *memberState) (context.Context, func(), error) {
	return r.begin(ctx, m, false)
}

// beginToolCall is beginCall for a tool or sandbox call, which is refused
// too once the member's stop or limit has been dealt to it (its cause is
// set: a model call refused for the stop, a limit reached, StopSelf), as
// Inspect's limit error ends the agent before it runs another tool: from
// then on its sandboxes hold what it left (issue 27: a member went on
// replacing /bin/sh after its limit, and the exec scorer ran that).
func (r *runtime) beginToolCall(ctx context.Context, m *memberState) (context.Context, func(), error) {
	return r.begin(ctx, m, true)
}

// begin is beginCall, or beginToolCall when tool.
func (r *runtime) begin(ctx context.Context, m *memberState, tool bool) (context.Context, func(), error) {
	r.mu.Lock()
	if r.drained || m.state != StateRunning {
		r.mu.Unlock()
		return nil, nil, fmt.Errorf("member %s has ended", m.spec.Name)
	}
	if tool && m.cause != "" {
		cause := m.cause
		r.mu.Unlock()
		return nil, nil, fmt.Errorf("member %s has ended (%s): its tools and sandboxes take no more calls", m.spec.Name, cause)
	}
	r.inCalls++
	mctx := m.ctx
	r.mu.Unlock()
	ctx, cancel := context.WithCancelCause(ctx)
	unhook := context.AfterFunc(mctx, func() { cancel(context.Cause(mctx)) })
	end := func() {
		unhook()
		cancel(nil)
		r.mu.Lock()
		if r.inCalls--; r.inCalls == 0 {
			r.idle.Broadcast()
		}
		r.mu.Unlock()
	}
	return ctx, end, nil
}

// drainCalls waits, once every member has returned, for host calls still
// in flight (an agent that left one behind), cancelling them first: the
// swarm returns only when nothing a member started still runs.
func (r *runtime) drainCalls() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.drained = true
	if r.inCalls > 0 {
		r.hardCancel()
	}
	for r.inCalls > 0 {
		r.idle.Wait()
	}
}

// usageBeforeCost is the cost of Spec.SampleUsage: the setup's calls went to
// the eval's model, the first member's that has one, at its price (0 when
// unpriced: an unknown cost meets no cost limit, as the swarm's own calls).
func (r *runtime) usageBeforeCost() float64 {
	u := r.spec.SampleUsage
	if u == (model.Usage{}) {
		return 0
	}
	for _, m := range r.members {
		if m.spec.Model != nil {
			cost, _ := callCost(m.spec.Price, u)
			return cost
		}
	}
	return 0
}
