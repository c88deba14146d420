package sdktest

import (
	"context"
	"slices"

	"github.com/swarmhost/swarmhost/sdk/controller"
)

// run delivers the queued events in order (the controller's actions may
// queue more) and returns the actions of every call made.
func (s *Simulator) run() []controller.Action {
	before := len(s.steps)
	for len(s.queue) > 0 {
		ev := s.queue[0]
		s.queue = s.queue[1:]
		if s.stopped != "" || s.err != nil {
			continue // the controller is out of the run
		}
		s.event(ev)
		if ev.Kind != controller.EventMemberStarted {
			s.choose()
		}
	}
	var out []controller.Action
	for _, st := range s.steps[before:] {
		out = append(out, st.Actions...)
	}
	return out
}

// event makes one Event call and applies its actions.
func (s *Simulator) event(ev controller.Event) {
	var resp controller.EventResponse
	if err := s.c.Event(context.Background(), controller.EventRequest{Session: s.session, Config: s.config, Event: ev,
		Roster: s.Roster()}, &resp); err != nil {
		s.err = err
		return
	}
	s.steps = append(s.steps, Step{Call: string(ev.Kind), Member: ev.Member, Actions: resp.Actions})
	s.apply(resp.Actions)
}

// choose asks a controller that wants answers for its choice, until it
// has made one, once there is a submission. It is asked in the same step
// as the event, even when that event's actions stopped the swarm.
func (s *Simulator) choose() {
	if !s.start.Answers || s.chosen != nil || s.err != nil || len(s.subs) == 0 {
		return
	}
	var resp controller.ChooseResponse
	if err := s.c.(controller.WithChoose).Choose(context.Background(), controller.ChooseRequest{Session: s.session, Config: s.config,
		Submissions: slices.Clone(s.subs), Roster: s.Roster()}, &resp); err != nil {
		s.err = err
		return
	}
	s.steps = append(s.steps, Step{Call: "choose", Choice: resp})
	if resp.Member != "" {
		s.pick(resp.Member, resp.Reason)
	}
}

// apply carries out actions in order, as the runtime does.
func (s *Simulator) apply(actions []controller.Action) {
	for _, a := range actions {
		if s.stopped != "" || s.err != nil {
			return // actions after the stop are dropped
		}
		switch a.Kind {
		case controller.ActionStart:
			if s.startMember(a.Member) {
				s.clock++
				s.queue = append(s.queue, controller.Event{Kind: controller.EventMemberStarted, Member: a.Member, Time: s.clock})
			}
		case controller.ActionStop:
			s.stopped = a.Reason
		case controller.ActionChoose:
			s.pick(a.Member, a.Reason)
		default:
			s.fail("unknown action kind %d", a.Kind)
		}
	}
}

// startMember makes a pending member running.
func (s *Simulator) startMember(name string) bool {
	i := slices.IndexFunc(s.roster, func(m controller.Member) bool { return m.Name == name })
	switch {
	case i < 0:
		s.fail("controller started %q, who is not in the roster", name)
	case s.roster[i].State != controller.StatePending:
		s.fail("controller started %q twice", name)
	default:
		s.roster[i].State = controller.StateRunning
		return true
	}
	return false
}

// pick records the controller's choice, if the runtime would take it.
func (s *Simulator) pick(member, reason string) {
	i := slices.IndexFunc(s.roster, func(m controller.Member) bool { return m.Name == member })
	switch {
	case s.chosen != nil:
		s.fail("controller chose twice (%q, then %q)", s.chosen.Member, member)
	case i < 0 || s.roster[i].Status != controller.StatusSubmitted:
		s.fail("controller chose %q, who has not ended submitted", member)
	default:
		s.chosen = &controller.ChooseResponse{Member: member, Reason: reason}
	}
}
