package swarm

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/swarmhost/swarmhost/sdk/controller"
)

const defaultControllerTimeout = 60 * time.Second

// callCtx bounds one controller call; a controller that stops answering is
// a controller failure.
func (r *runtime) callCtx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(r.ctrlCtx, r.controllerTimeout())
}

// controllerTimeout is how long the controller may take to answer one call
// (or one event of several delivered together).
func (r *runtime) controllerTimeout() time.Duration {
	if d := r.spec.ControllerTimeout; d > 0 {
		return d
	}
	return defaultControllerTimeout
}

// startController opens the session and applies the first actions.
func (r *runtime) startController() error {
	ctx, cancel := r.callCtx()
	defer cancel()
	r.mu.Lock()
	roster, _ := r.roster()
	r.mu.Unlock()
	req := controller.StartRequest{Session: r.session, Config: r.spec.ControllerConfig, Roster: slices.Clone(roster),
		Sample: controller.SampleRef{ID: r.sample.ID, Epoch: r.sample.Epoch}}
	var resp controller.StartResponse
	if err := r.spec.Controller.Start(ctx, req, &resp); err != nil {
		return fmt.Errorf("controller start: %w", err)
	}
	rule, answers, err := finalRule(resp)
	if err != nil {
		return fmt.Errorf("controller start: %w", err)
	}
	r.mu.Lock()
	r.finalMode, r.answers = rule, answers
	r.mu.Unlock()
	if err := r.apply(resp.Actions); err != nil {
		return fmt.Errorf("controller start: %w", err)
	}
	return nil
}

// finalRule reads the final rule and the answers opt-in from a Start
// response ("controller" is the record's mode of a chosen answer, not a
// rule a controller names).
func finalRule(resp controller.StartResponse) (rule controller.FinalMode, answers bool, err error) {
	switch resp.FinalMode {
	case "", controller.FinalFirst:
		return controller.FinalFirst, resp.Answers, nil
	case controller.FinalLast:
		return controller.FinalLast, resp.Answers, nil
	}
	return "", false, fmt.Errorf("unknown final mode %q; the final rule is %q or %q",
		resp.FinalMode, controller.FinalFirst, controller.FinalLast)
}

// handle delivers one event to the controller and applies its answer. The
// controller is out of the run once the swarm stops, as Inspect Swarm
// cancels its controller at the stop: later events are not delivered.
func (r *runtime) handle(ev controller.Event) {
	r.mu.Lock()
	if r.ctrlDone {
		r.mu.Unlock()
		return
	}
	answers := r.answers
	roster, changed := r.roster()
	r.mu.Unlock()
	if !answers {
		ev.Answer, ev.Gate = "", controller.Gate{}
	}
	req := controller.EventRequest{Session: r.session, Config: r.spec.ControllerConfig, Event: ev,
		Roster: r.rosterFor(roster, changed)}
	ctx, cancel := r.callCtx()
	defer cancel()
	var resp controller.EventResponse
	if err := r.spec.Controller.Event(ctx, req, &resp); err != nil {
		r.fail(fmt.Errorf("controller event %s: %w", ev.Kind, err))
		return
	}
	if err := r.apply(resp.Actions); err != nil {
		r.fail(fmt.Errorf("controller event %s: %w", ev.Kind, err))
		return
	}
	if answers && (ev.Kind == controller.EventSubmission || ev.Kind == controller.EventMemberEnded) {
		r.choose()
	}
}

// choose asks a controller that takes answers to choose among every
// submission so far, until it has chosen. It is asked in the same step as
// the event, even when that event's actions stopped the swarm (as a
// controller chooses before it returns its stop reason).
func (r *runtime) choose() {
	chooser, ok := r.spec.Controller.(controller.WithChoose)
	if !ok {
		return
	}
	r.mu.Lock()
	if r.choice != nil || r.aborted {
		r.mu.Unlock()
		return
	}
	subs := r.submissions()
	roster, changed := r.roster()
	r.mu.Unlock()
	if len(subs) == 0 {
		return
	}
	req := controller.ChooseRequest{Session: r.session, Config: r.spec.ControllerConfig,
		Submissions: subs, Roster: r.rosterFor(roster, changed)}
	ctx, cancel := r.callCtx()
	defer cancel()
	var resp controller.ChooseResponse
	if err := chooser.Choose(ctx, req, &resp); err != nil {
		r.fail(fmt.Errorf("controller choose: %w", err))
		return
	}
	if resp.Member == "" {
		return
	}
	if err := r.apply([]controller.Action{controller.ChooseAnswer(resp.Member, resp.Reason)}); err != nil {
		r.fail(fmt.Errorf("controller choose: %w", err))
	}
}

// chooseAnswer makes member's submission the answer: once, and only for a
// member that ended "submitted".
func (r *runtime) chooseAnswer(member, reason string) error {
	r.mu.Lock()
	m, ok := r.byName[member]
	var err error
	action := controller.ChooseAnswer(member, reason)
	switch {
	case !ok:
		err = r.unknownMember(action)
	case r.choice != nil:
		err = &controller.RefusedError{Action: action, Cause: controller.ErrChoseTwice, Chosen: r.choice.Member}
	case m.status != StatusSubmitted:
		err = &controller.RefusedError{Action: action, Cause: controller.ErrNotSubmitted,
			State: controller.MemberState(m.state), Status: controller.Status(m.status)}
	default:
		r.choice = &controller.ChooseResponse{Member: member, Reason: reason}
	}
	r.mu.Unlock()
	if err == nil {
		r.publish()
	}
	return err
}

// apply carries out a controller's actions in order. Once the swarm is
// stopping the controller is out of the run and its remaining actions are
// dropped. A refused action (a [controller.RefusedError]) and the actions
// after it are skipped, and the controller is told (see tellRefused); any
// other invalid action is an error (the controller fails).
func (r *runtime) apply(actions []controller.Action) error {
	i, err := r.applyUntil(actions)
	var refused *controller.RefusedError
	if !errors.As(err, &refused) {
		return err
	}
	return r.tellRefused(refused, actions[i+1:])
}

// applyUntil applies actions in order until one fails, and returns its
// index and error. Consecutive starts are entered first and their members
// launched together (see launch).
func (r *runtime) applyUntil(actions []controller.Action) (int, error) {
	var batch []starting // consecutive starts, launched together
	defer func() { r.launch(batch) }()
	for i, a := range actions {
		if a.Kind != controller.ActionStart {
			r.launch(batch)
			batch = nil
		}
		var err error
		switch a.Kind {
		case controller.ActionStart:
			var s starting
			if s, err = r.enter(a.Member, a.Input); err == nil {
				batch = append(batch, s)
			}
		case controller.ActionStop:
			r.stop(ControllerReason(a.Reason))
		case controller.ActionChoose:
			err = r.chooseAnswer(a.Member, a.Reason)
		default:
			err = fmt.Errorf("unknown action kind %d", a.Kind)
		}
		if err == errStopping {
			return i, nil
		}
		if err != nil {
			return i, err
		}
	}
	return len(actions), nil
}

// tellRefused tells the controller, at once, that one of its actions was
// refused (the SDK's client calls a session that handles refusals, and
// answers any other with the refusal), and applies the actions it answers
// with in place of the skipped ones. An error, or a refusal of one of
// those actions, ends the sample in error: a controller that is refused
// twice in a row does not get a third try.
func (r *runtime) tellRefused(refused *controller.RefusedError, rest []controller.Action) error {
	rc, ok := r.spec.Controller.(controller.WithRefused)
	if !ok {
		return refused
	}
	r.mu.Lock()
	roster, changed := r.roster()
	r.mu.Unlock()
	req := controller.RefusedRequest{Session: r.session, Config: r.spec.ControllerConfig, Err: refused,
		NotApplied: rest, Roster: r.rosterFor(roster, changed)}
	ctx, cancel := r.callCtx()
	defer cancel()
	var resp controller.EventResponse
	if err := rc.Refused(ctx, req, &resp); err != nil {
		return err
	}
	_, err := r.applyUntil(resp.Actions)
	return err
}

// fail records a controller failure: the error leaves the swarm, as in
// Inspect Swarm, and ends the sample (see abort).
func (r *runtime) fail(err error) {
	r.log.Error("controller failed", "error", err)
	r.abort(err, "")
}

// unknownMember is the refusal of a controller action naming no member.
// Callers hold r.mu.
func (r *runtime) unknownMember(a controller.Action) error {
	names := make([]string, len(r.members))
	for i, m := range r.members {
		names[i] = m.spec.Name
	}
	return &controller.RefusedError{Action: a, Cause: controller.ErrUnknownMember, Members: names}
}

// submissions lists every submission in submission order; callers hold r.mu.
func (r *runtime) submissions() []controller.Submission {
	var out []controller.Submission
	for _, m := range r.members {
		if m.status == StatusSubmitted {
			out = append(out, controller.Submission{Member: m.spec.Name, Time: m.endTime,
				Answer: m.output.Completion, Gate: m.lastGate})
		}
	}
	sortSubmissions(out)
	return out
}
