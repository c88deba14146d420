package swarm

import (
	"fmt"
	"time"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// startMember starts a pending member unless scheduling is closed.
func (r *runtime) startMember(name, input string) {
	r.mu.Lock()
	m, ok := r.byName[name]
	switch {
	case !ok:
		r.mu.Unlock()
		r.log.Warn("controller started an unknown member; ignored", "member", name)
		return
	case r.stopping || m.state != StatePending:
		r.mu.Unlock()
		return
	}
	m.state = StateRunning
	r.touch(m)
	r.running++
	r.armMember(m)
	r.queue = append(r.queue, controller.Event{Kind: controller.EventMemberStarted, Member: name, Time: r.clock()})
	r.mu.Unlock()
	r.wg.Add(1)
	r.observe(name, StateRunning, "")
	go r.runMember(m, r.memberInput(input))
	r.publish()
}

// memberInput is the controller's input, else the sample input.
func (r *runtime) memberInput(input string) []model.Message {
	if input != "" {
		return []model.Message{{Role: model.RoleUser, Content: input, Source: "input"}}
	}
	return r.sample.Input
}

// runMember runs one member in its agent plugin and records how it ended.
func (r *runtime) runMember(m *memberState, input []model.Message) {
	defer r.wg.Done()
	span := spanID(m.spec.Name)
	r.events.add(Event{Kind: EventSpanBegin, Time: time.Now(), SpanID: span, Member: m.spec.Name})
	req := agent.RunRequest{Member: m.spec.Name, Role: m.spec.Role, Index: m.spec.Index, Input: input,
		Preamble: r.preamble(m.spec), Config: m.spec.Config,
		Sample: agent.SampleRef{ID: r.sample.ID, Epoch: r.sample.Epoch}, Host: &memberHost{r: r, m: m}}
	var resp agent.RunResponse
	err := runGuarded(func() error { return m.spec.Agent.Run(m.ctx, req, &resp) })
	r.ended(m, resp.Output, err)
}

// ended records a member's end: status, time, submission, and the events
// the controller will see.
func (r *runtime) ended(m *memberState, out model.Output, err error) {
	r.mu.Lock()
	m.state, m.endTime = StateEnded, r.clock()
	m.status = r.statusOf(m, err)
	r.touch(m)
	disarmMember(m)
	if m.status == StatusSubmitted {
		m.output = out
		r.queue = append(r.queue, controller.Event{Kind: controller.EventSubmission, Member: m.spec.Name,
			Time: m.endTime, Answer: out.Completion, Gate: m.lastGate})
	} else if m.status == StatusErrored {
		r.log.Warn("member errored", "member", m.spec.Name, "error", err)
	} else if err != nil {
		r.log.Debug("member ended", "member", m.spec.Name, "status", m.status, "error", err)
	}
	r.queue = append(r.queue, controller.Event{Kind: controller.EventMemberEnded, Member: m.spec.Name,
		Time: m.endTime, Status: m.status})
	r.running--
	name, status := m.spec.Name, m.status
	r.mu.Unlock()
	// the span ends before the channels hear of the end, so what the end
	// causes there (a wait it wakes) follows the member's result in the log
	r.events.add(Event{Kind: EventSpanEnd, Time: time.Now(), SpanID: spanID(name), Member: name})
	r.observe(name, StateEnded, status)
	r.publish()
	r.wake()
}

// statusOf decides the status; a refusal's cause wins over how the agent
// returned. A member still running at the hard stop ends "cancelled" even
// when it was soft-stopped before (SPEC §5 step 4, §14); a limit, share or
// cap cause still wins over the hard stop. Callers hold r.mu.
func (r *runtime) statusOf(m *memberState, err error) string {
	switch {
	case m.cancelled && (m.cause == "" || m.cause == StatusStopped):
		return StatusCancelled
	case m.cause != "":
		return m.cause
	case err != nil:
		return StatusErrored
	default:
		return StatusSubmitted
	}
}

// refuse returns the cause for refusing the member's next model call, or
// "" to let it through. Callers hold r.mu.
func (r *runtime) refuse(m *memberState) string {
	if m.cause == "" && r.stopping {
		m.cause = StatusStopped
	}
	return m.cause
}

// runGuarded turns a panic in an in-process agent into an error, so one bad
// agent never takes the host down.
func runGuarded(f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("agent panicked: %v", p)
		}
	}()
	return f()
}

// observe tells the observer of a member state change.
func (r *runtime) observe(member, state, status string) {
	if r.spec.Observer != nil {
		r.spec.Observer.MemberState(member, state, status)
	}
}
