package sdktest

import (
	"context"
	"errors"
	"fmt"
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
	s.settle("controller event "+string(ev.Kind), resp.Actions)
}

// choose asks a controller that wants answers for its choice, until it
// has made one, once there is a submission. It is asked in the same step
// as the event, even when that event's actions stopped the swarm.
func (s *Simulator) choose() {
	if !s.start.Answers || s.chosen != nil || s.err != nil || len(s.subs) == 0 {
		return
	}
	var resp controller.ChooseResponse
	if err := s.c.Choose(context.Background(), controller.ChooseRequest{Session: s.session, Config: s.config,
		Submissions: slices.Clone(s.subs), Roster: s.Roster()}, &resp); err != nil {
		s.err = err
		return
	}
	s.steps = append(s.steps, Step{Call: "choose", Choice: resp})
	if resp.Member != "" {
		// The answer to Choose is taken even after the stop (apply would drop it).
		a := controller.ChooseAnswer(resp.Member, resp.Reason)
		s.handle("controller choose", []controller.Action{a}, 0, s.pick(a))
	}
}

// settle applies one call's actions as the runtime does: a refused action
// and those after it are skipped and the session's Refused is called (a
// session that does not handle refusals answers with the refusal); its
// actions are applied in their place, and a refusal of one of them, or an
// error, ends the run, with the runtime's text under call's name.
func (s *Simulator) settle(call string, actions []controller.Action) {
	i, err := s.apply(actions)
	s.handle(call, actions, i, err)
}

// handle is settle's second half: the outcome err of applying actions[i].
func (s *Simulator) handle(call string, actions []controller.Action, i int, err error) {
	var refused *controller.RefusedError
	if errors.As(err, &refused) {
		var resp controller.EventResponse
		err = s.c.Refused(context.Background(), controller.RefusedRequest{Session: s.session,
			Config: s.config, Err: refused, NotApplied: slices.Clone(actions[i+1:]), Roster: s.Roster()}, &resp)
		if err == nil {
			s.steps = append(s.steps, Step{Call: "refused", Member: refused.Action.Member, Actions: resp.Actions})
			_, err = s.apply(resp.Actions)
		}
	}
	if err != nil && s.err == nil {
		s.err = fmt.Errorf("%s: %w", call, err)
	}
}

// apply carries out actions in order, as the runtime does, until one
// fails; it returns that one's index and error.
func (s *Simulator) apply(actions []controller.Action) (int, error) {
	for i, a := range actions {
		if s.stopped != "" || s.err != nil {
			return i, nil // actions after the stop are dropped
		}
		var err error
		switch a.Kind {
		case controller.ActionStart:
			err = s.startMember(a)
		case controller.ActionStop:
			s.stopped = a.Reason
		case controller.ActionChoose:
			err = s.pick(a)
		default:
			err = fmt.Errorf("unknown action kind %d", a.Kind)
		}
		if err != nil {
			return i, err
		}
	}
	return len(actions), nil
}

// startMember makes a pending member running and queues its
// member_started event, or returns the runtime's refusal.
func (s *Simulator) startMember(a controller.Action) error {
	i := s.index(a.Member)
	switch {
	case i < 0:
		return s.unknown(a)
	case s.roster[i].State != controller.StatePending:
		return &controller.RefusedError{Action: a, Cause: controller.ErrStartedTwice, State: s.roster[i].State}
	}
	s.roster[i].State = controller.StateRunning
	s.clock++
	s.queue = append(s.queue, controller.Event{Kind: controller.EventMemberStarted, Member: a.Member, Time: s.clock})
	return nil
}

// pick records the controller's choice, or returns the runtime's refusal.
func (s *Simulator) pick(a controller.Action) error {
	i := s.index(a.Member)
	switch {
	case i < 0:
		return s.unknown(a)
	case s.chosen != nil:
		return &controller.RefusedError{Action: a, Cause: controller.ErrChoseTwice, Chosen: s.chosen.Member}
	case s.roster[i].Status != controller.StatusSubmitted:
		return &controller.RefusedError{Action: a, Cause: controller.ErrNotSubmitted, State: s.roster[i].State,
			Status: s.roster[i].Status}
	}
	s.chosen = &controller.ChooseResponse{Member: a.Member, Reason: a.Reason}
	return nil
}

// index is the named member's place in the roster, -1 when none.
func (s *Simulator) index(name string) int {
	return slices.IndexFunc(s.roster, func(m controller.Member) bool { return m.Name == name })
}

// unknown is the refusal of an action naming no member.
func (s *Simulator) unknown(a controller.Action) error {
	names := make([]string, len(s.roster))
	for i, m := range s.roster {
		names[i] = m.Name
	}
	return &controller.RefusedError{Action: a, Cause: controller.ErrUnknownMember, Members: names}
}
