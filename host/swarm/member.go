package swarm

import (
	"errors"
	"fmt"
	"time"

	"github.com/swarmhost/swarmhost/host/internal/shortid"
	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// errStopping is startMember's answer once the swarm is stopping: not a
// controller error (the controller is out of the run, as Inspect Swarm
// cancels it at the stop), but the end of its actions.
var errStopping = errors.New("the swarm is stopping")

// starting is a member its controller has started whose agent is not
// running yet.
type starting struct {
	m        *memberState
	messages []model.Message
	preamble string
}

// enter starts a pending member in the swarm's state (the channels and the
// record see it running); its agent runs at [runtime.launch]. Starting a
// member that does not exist or has already started is an error; once the
// swarm is stopping it returns errStopping and starts nothing.
func (r *runtime) enter(name, input string) (starting, error) {
	r.mu.Lock()
	m, ok := r.byName[name]
	switch {
	case r.stopping:
		r.mu.Unlock()
		r.log.Debug("controller started a member after the stop; ignored", "member", name)
		return starting{}, errStopping
	case !ok:
		err := r.unknownMember(controller.Start(name, input))
		r.mu.Unlock()
		return starting{}, err
	case m.state != StatePending:
		r.mu.Unlock()
		return starting{}, &controller.RefusedError{Action: controller.Start(name, input), Cause: controller.ErrStartedTwice,
			State: controller.MemberState(m.state)}
	}
	m.state = StateRunning
	r.touch(m)
	r.running++
	r.armMember(m)
	r.queue = append(r.queue, controller.Event{Kind: controller.EventMemberStarted, Member: name, Time: r.clock()})
	r.mu.Unlock()
	r.wg.Add(1)
	r.observe(name, StateRunning, "")
	messages, preamble := r.memberInput(m, input)
	return starting{m: m, messages: messages, preamble: preamble}, nil
}

// launch runs the agents of members entered together and publishes the
// record once. The start actions of one controller answer take effect
// before any of their members runs, as Inspect Swarm's members all start
// before the first of them takes a turn: a member cannot find a partner
// started in the same answer still pending.
func (r *runtime) launch(batch []starting) {
	if len(batch) == 0 {
		return
	}
	for _, s := range batch {
		go r.runMember(s.m, s.messages, s.preamble)
	}
	r.publish()
}

// memberInput is the controller's input, else the sample input, followed
// by the member's preamble as one user message, as Inspect Swarm places
// it.
func (r *runtime) memberInput(m *memberState, input string) (messages []model.Message, preamble string) {
	if input != "" {
		messages = []model.Message{{Role: model.RoleUser, Content: input, Source: "input"}}
	} else {
		messages = append(messages, r.sample.Input...)
	}
	if preamble = r.preamble(m.spec); preamble != "" {
		messages = append(messages, model.Message{ID: shortid.New(), Role: model.RoleUser, Content: preamble, Source: "input"})
	}
	return messages, preamble
}

// runMember runs one member in its agent plugin and records how it ended;
// input already ends with the preamble.
func (r *runtime) runMember(m *memberState, input []model.Message, preamble string) {
	defer r.wg.Done()
	if inputOverLimit(m, input) {
		// Inspect Swarm builds the member's conversation inside its limits and
		// before its span: a conversation already past the member's message
		// limit ends it there, with no span and no agent run
		r.mu.Lock()
		if m.cause == "" {
			m.cause = MemberLimit(LimitMessage)
		}
		r.mu.Unlock()
		r.ended(m, model.Output{}, nil)
		m.conv.release()
		return
	}
	span := m.span
	r.events.add(Event{Kind: EventSpanBegin, Time: time.Now(), SpanID: span, Member: m.spec.Name})
	req := agent.RunRequest{Member: m.spec.Name, Role: m.spec.Role, Index: m.spec.Index, Input: input,
		Preamble: preamble, Config: m.spec.Config,
		Sample: agent.SampleRef{ID: r.sample.ID, Epoch: r.sample.Epoch}, Metadata: r.sample.Metadata,
		Host: &memberHost{r: r, m: m}}
	var resp agent.RunResponse
	// a panicking in-process agent is the member's error, never the host's end
	err := guard("agent", func() error { return m.spec.Agent.Run(m.ctx, req, &resp) })
	// the span ends when the member's end is recorded, before the channels
	// hear of it: what the end causes there (a wait it wakes) follows the
	// member's result in the log
	end := r.ended(m, resp.Output, err)
	r.events.add(Event{Kind: EventSpanEnd, Time: end, SpanID: span, Member: m.spec.Name})
	m.conv.release()
}

// ended records a member's end: status, time, submission, and the events
// the controller will see. It returns when the end was recorded, the time
// of the member's span end. A member that errored ends the sample (abort),
// unless the swarm contains member errors.
func (r *runtime) ended(m *memberState, out model.Output, err error) time.Time {
	r.mu.Lock()
	m.state, m.endTime = StateEnded, r.clock()
	m.status = r.statusOf(m, out, err)
	r.touch(m)
	disarmMember(m)
	m.output = out
	var failure error
	switch {
	case m.status == StatusSubmitted:
		r.queue = append(r.queue, controller.Event{Kind: controller.EventSubmission, Member: m.spec.Name,
			Time: m.endTime, Answer: out.Completion, Gate: m.lastGate})
	case m.status == StatusErrored:
		failure = r.memberFailed(m, err)
	case err != nil:
		r.log.Debug("member ended", "member", m.spec.Name, "status", m.status, "error", err)
	}
	r.queue = append(r.queue, controller.Event{Kind: controller.EventMemberEnded, Member: m.spec.Name,
		Time: m.endTime, Status: controller.Status(m.status)})
	r.running--
	name, status := m.spec.Name, m.status
	r.mu.Unlock()
	end := time.Now()
	if failure != nil {
		r.abort(failure, "")
	}
	r.observe(name, StateEnded, status)
	r.publish()
	r.wake()
	return end
}

// memberFailed keeps an errored member's error for its evidence and
// returns the sample's error, or nil when the swarm contains member errors
// or the member's error came from a sample limit (which ends the sample
// without an error). Callers hold r.mu.
func (r *runtime) memberFailed(m *memberState, err error) error {
	if err == nil {
		err = errors.New("the host ended the member")
	}
	var refused *agent.RefusedError
	if errors.As(err, &refused) && r.endedBy != "" {
		err = fmt.Errorf("%s: %w", r.endedBy, err)
	}
	if r.memberErrs == nil {
		r.memberErrs = map[string]string{}
	}
	r.memberErrs[m.spec.Name] = err.Error()
	r.log.Warn("member errored", "member", m.spec.Name, "error", err)
	if r.spec.ContainMemberErrors || r.endedBy != "" {
		return nil
	}
	return fmt.Errorf("member %s: %w", m.spec.Name, err)
}

// statusOf decides the status; a refusal's cause wins over how the agent
// returned. A member still running at the hard stop ends "cancelled" even
// when it was soft-stopped before (SPEC §5 step 4, §14); a limit, share or
// cap cause still wins over the hard stop. A normal return is a
// submission unless its output stopped for "content_filter" or
// "model_length" (how a react loop gives up): "unsubmitted". Callers hold
// r.mu.
func (r *runtime) statusOf(m *memberState, out model.Output, err error) string {
	switch {
	case m.cancelled && (m.cause == "" || m.cause == StatusStopped):
		return StatusCancelled
	case m.cause != "":
		return m.cause
	case err != nil:
		return StatusErrored
	case gaveUp(out):
		return StatusUnsubmitted
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

// observe tells the observer of a member state change.
func (r *runtime) observe(member, state, status string) {
	if r.spec.Observer != nil {
		r.spec.Observer.MemberState(member, state, status)
	}
}

// gaveUp reports an output that stopped the way a react loop gives up:
// refused by the content filter, or out of context length.
func gaveUp(out model.Output) bool {
	return out.StopReason == stopContentFilter || out.StopReason == stopModelLength
}

// inputOverLimit reports whether the member's starting conversation (its
// input and preamble) is already longer than its message limit, which
// Inspect checks as the conversation is built (more than the limit; a
// conversation at the limit is refused at the first call instead).
func inputOverLimit(m *memberState, input []model.Message) bool {
	l := m.spec.Limits.Messages
	return l != nil && int64(len(input)) > *l
}
