package sdktest

import (
	"context"
	"slices"
	"testing"

	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/schema"
)

// Simulator plays one swarm run against a controller, through the real
// gRPC layer, as the host's runtime does: a test scripts how members end
// ([Simulator.Submit], [Simulator.End]); the simulator keeps the roster,
// queues and delivers events in order (a start makes the member running
// and queues its member_started event; a submission is a member ending
// "submitted", so its submission event comes before its member_ended
// event), calls Choose after each submission and member end for a
// controller that asked for answers, and records every call's actions.
// Actions the runtime refuses (starting a member twice or by an unknown
// name, choosing a member that has not ended "submitted", choosing twice)
// are refused as the runtime refuses them: a session with
// [controller.WithRefused] is told at once (a "refused" step), any other
// run ends in error, with the runtime's text ([Simulator.Err]; test the
// cause with errors.Is, e.g. [controller.ErrUnknownMember]). After a stop
// or an error the controller gets no call.
type Simulator struct {
	t       testing.TB
	c       *ControllerClient
	session string
	config  schema.Config
	roster  []controller.Member
	start   controller.StartResponse
	clock   float64
	subs    []controller.Submission
	queue   []controller.Event
	steps   []Step
	stopped string
	chosen  *controller.ChooseResponse
	err     error
}

// Step is one call the simulator made and what came back.
type Step struct {
	// Call is "start", the event kind, "choose", or "refused" (a refused
	// action handed to the session's Refused).
	Call string
	// Member is the event's member, or the refused action's ("" for start
	// and choose).
	Member  string
	Actions []controller.Action
	// Choice is Choose's answer (choose steps only).
	Choice controller.ChooseResponse
}

// Member returns a pending roster entry named name, the first copy of an
// agent "agent".
func Member(name string) controller.Member {
	return controller.Member{Name: name, Agent: "agent", Index: 1, State: controller.StatePending}
}

// NewSimulator starts a session of impl with roster (every member
// pending) and config (as for [Config]: completed with defaults, and
// refused, failing the test, when the host would reject it). The session
// ends with the test.
func NewSimulator(t testing.TB, impl controller.Controller, roster []controller.Member, config any) *Simulator {
	t.Helper()
	s := &Simulator{t: t, c: Controller(t, impl), session: "sim-1", roster: slices.Clone(roster),
		config: Config(t, impl, config)}
	ctx := context.Background()
	if err := s.c.Start(ctx, controller.StartRequest{Session: s.session, Config: s.config, Roster: s.Roster(),
		Sample: controller.SampleRef{ID: "sample-1", Epoch: 1}}, &s.start); err != nil {
		s.err = err
		return s
	}
	t.Cleanup(func() { _ = s.c.End(ctx, s.session) })
	s.steps = append(s.steps, Step{Call: "start", Actions: s.start.Actions})
	s.settle("controller start", s.start.Actions)
	s.run()
	return s
}

// Submit ends member (running) with a submission of answer and the gate
// verdict: its submission event, then its member_ended event, each
// followed by Choose. It returns the actions of every call it caused.
func (s *Simulator) Submit(member, answer string, gate controller.Gate) []controller.Action {
	s.t.Helper()
	m := s.running(member)
	if m == nil {
		return nil
	}
	s.clock++
	m.State, m.Status = controller.StateEnded, controller.StatusSubmitted
	s.subs = append(s.subs, controller.Submission{Member: member, Time: s.clock, Answer: answer, Gate: gate})
	ev := controller.Event{Kind: controller.EventSubmission, Member: member, Time: s.clock}
	if s.start.Answers {
		ev.Answer, ev.Gate = answer, gate
	}
	s.queue = append(s.queue, ev, s.ended(m))
	return s.run()
}

// End ends member (running) without a submission, with status
// ([controller.StatusErrored], StatusStopped, ...): its member_ended event, then
// Choose. It returns the actions of every call it caused.
func (s *Simulator) End(member string, status controller.Status) []controller.Action {
	s.t.Helper()
	m := s.running(member)
	if m == nil {
		return nil
	}
	if status == controller.StatusSubmitted {
		s.t.Fatalf("sdktest: end %q with Submit to give its answer", member)
	}
	s.clock++
	m.State, m.Status = controller.StateEnded, status
	s.queue = append(s.queue, s.ended(m))
	return s.run()
}

// ended is m's member_ended event.
func (s *Simulator) ended(m *controller.Member) controller.Event {
	return controller.Event{Kind: controller.EventMemberEnded, Member: m.Name, Time: s.clock, Status: m.Status}
}

// running returns the named member, failing the test unless it is
// running and the run goes on; nil after a stop or an error.
func (s *Simulator) running(member string) *controller.Member {
	s.t.Helper()
	if s.stopped != "" || s.err != nil {
		return nil
	}
	i := slices.IndexFunc(s.roster, func(m controller.Member) bool { return m.Name == member })
	if i < 0 || s.roster[i].State != controller.StateRunning {
		s.t.Fatalf("sdktest: member %q is not running (roster: %v)", member, s.roster)
		return nil
	}
	return &s.roster[i]
}

// Roster returns a copy of the roster as it is now.
func (s *Simulator) Roster() []controller.Member { return slices.Clone(s.roster) }

// StartResponse is what the controller's Start answered.
func (s *Simulator) StartResponse() controller.StartResponse { return s.start }

// Steps returns every call made so far, in order.
func (s *Simulator) Steps() []Step { return slices.Clone(s.steps) }

// Stopped returns the stop reason the controller gave ("" while running).
func (s *Simulator) Stopped() string { return s.stopped }

// Chosen returns the controller's choice of answer, if it made one (by
// Choose or ActionChoose).
func (s *Simulator) Chosen() (controller.ChooseResponse, bool) {
	if s.chosen == nil {
		return controller.ChooseResponse{}, false
	}
	return *s.chosen, true
}

// Err returns why the run ended in error: a failed call, or an action the
// runtime refused (a [controller.RefusedError], with the text the
// sample's error would have). nil while the run is fine.
func (s *Simulator) Err() error { return s.err }
