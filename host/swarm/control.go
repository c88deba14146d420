package swarm

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/swarmhost/swarmhost/sdk/controller"
)

const defaultControllerTimeout = 60 * time.Second

// callCtx bounds one controller call; a controller that stops answering is
// a controller failure.
func (r *runtime) callCtx() (context.Context, context.CancelFunc) {
	d := r.spec.ControllerTimeout
	if d <= 0 {
		d = defaultControllerTimeout
	}
	return context.WithTimeout(r.ctrlCtx, d)
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
	mode := resp.FinalMode
	if mode == "" {
		mode = controller.FinalFirst
	}
	if mode != controller.FinalFirst && mode != controller.FinalLast && mode != controller.FinalController {
		return fmt.Errorf("controller start: unknown final mode %q", mode)
	}
	r.mu.Lock()
	r.finalMode = mode
	r.mu.Unlock()
	r.apply(resp.Actions)
	return nil
}

// handle delivers one event to the controller and applies its answer.
func (r *runtime) handle(ev controller.Event) {
	r.mu.Lock()
	if r.ctrlErr != nil {
		r.mu.Unlock()
		return
	}
	roster, changed := r.roster()
	r.mu.Unlock()
	req := controller.EventRequest{Session: r.session, Config: r.spec.ControllerConfig, Event: ev,
		Roster: r.rosterFor(roster, changed)}
	ctx, cancel := r.callCtx()
	defer cancel()
	var resp controller.EventResponse
	if err := r.spec.Controller.Event(ctx, req, &resp); err != nil {
		r.fail(fmt.Errorf("controller event %s: %w", ev.Kind, err))
		return
	}
	r.apply(resp.Actions)
	if ev.Kind == controller.EventSubmission && r.mode() == controller.FinalController {
		r.choose()
	}
}

func (r *runtime) mode() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.finalMode
}

// choose asks the controller for the answer among every submission so far.
func (r *runtime) choose() {
	r.mu.Lock()
	subs := r.submissions()
	roster, changed := r.roster()
	r.mu.Unlock()
	req := controller.ChooseRequest{Session: r.session, Config: r.spec.ControllerConfig,
		Submissions: subs, Roster: r.rosterFor(roster, changed)}
	ctx, cancel := r.callCtx()
	defer cancel()
	var resp controller.ChooseResponse
	if err := r.spec.Controller.Choose(ctx, req, &resp); err != nil {
		r.fail(fmt.Errorf("controller choose: %w", err))
		return
	}
	r.mu.Lock()
	if m, ok := r.byName[resp.Member]; ok && m.status == StatusSubmitted {
		r.choice = &resp
	} else if resp.Member != "" {
		r.log.Warn("controller chose a member that did not submit; ignored", "member", resp.Member)
	}
	r.mu.Unlock()
	r.publish()
}

// apply carries out a controller's actions in order.
func (r *runtime) apply(actions []controller.Action) {
	for _, a := range actions {
		switch a.Kind {
		case controller.ActionStart:
			r.startMember(a.Member, a.Input)
		case controller.ActionStop:
			r.stop("controller:" + a.Reason)
		default:
			r.log.Warn("controller sent an unknown action; ignored", "kind", a.Kind)
		}
	}
}

// fail records a controller failure and stops the swarm with "error".
func (r *runtime) fail(err error) {
	r.log.Error("controller failed", "error", err)
	r.mu.Lock()
	if r.ctrlErr == nil {
		r.ctrlErr = err
	}
	r.mu.Unlock()
	r.stop(StopError)
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
