package swarm

import (
	"fmt"

	"github.com/swarmhost/swarmhost/host/plugins"
	"github.com/swarmhost/swarmhost/sdk/controller"
)

// deliver hands queued events to the controller in order: several to a
// call when the controller takes them so ([plugins.WithEvents], as every
// plugin's client does), else one call each (handle: an in-process
// controller). Either way the session sees each event only after the actions
// answering the one before are applied, refusals told and choices asked,
// as with one call per event.
func (r *runtime) deliver(evs []controller.Event) {
	for len(evs) > 0 {
		evs = evs[r.deliverSome(evs):]
	}
}

// deliverSome delivers the first of evs, or more in one call, and returns
// how many it consumed.
func (r *runtime) deliverSome(evs []controller.Event) int {
	b, ok := r.spec.Controller.(plugins.WithEvents)
	if !ok || len(evs) == 1 {
		r.handle(evs[0])
		return 1
	}
	r.mu.Lock()
	if r.ctrlDone {
		r.mu.Unlock()
		return len(evs)
	}
	answers := r.answers
	roster, changed := r.roster()
	r.mu.Unlock()
	batch := upToChoice(evs, answers)
	n, actions, err := r.callEvents(b, batch, answers, r.rosterFor(roster, changed))
	if err != nil {
		r.fail(fmt.Errorf("controller event %s: %w", batch[min(n, len(batch)-1)].Kind, err))
		return len(evs)
	}
	if n == 0 {
		return len(evs) // not reached: the client answers at least one event or fails
	}
	last := batch[n-1]
	if err := r.apply(actions); err != nil {
		r.fail(fmt.Errorf("controller event %s: %w", last.Kind, err))
		return len(evs)
	}
	if answers && choiceAfter(last.Kind) {
		r.choose()
	}
	return n
}

// callEvents makes one Events call and returns how many events were
// answered, the actions of the last (the only one that may have any), and
// the error, which answers the event after them.
func (r *runtime) callEvents(b plugins.WithEvents, batch []controller.Event, answers bool, roster []controller.Member) (int, []controller.Action, error) {
	if !answers {
		batch = withoutAnswers(batch)
	}
	req := plugins.EventsRequest{Session: r.session, Config: r.spec.ControllerConfig, Events: batch, Roster: roster,
		Timeout: r.controllerTimeout()}
	var actions []controller.Action
	n, err := b.Events(r.ctrlCtx, req, func(a []controller.Action) bool {
		actions = a
		r.mu.Lock()
		done := r.ctrlDone
		r.mu.Unlock()
		return !done
	})
	return n, actions, err
}

// upToChoice is evs up to and including the first event after which a
// controller that takes answers is asked to choose: the choice comes
// before the next event, as with one call per event.
func upToChoice(evs []controller.Event, answers bool) []controller.Event {
	if !answers {
		return evs
	}
	for i, e := range evs {
		if choiceAfter(e.Kind) {
			return evs[:i+1]
		}
	}
	return evs
}

// choiceAfter says whether an event of kind is followed by a Choose call
// (for a controller that takes answers).
func choiceAfter(kind controller.EventKind) bool {
	return kind == controller.EventSubmission || kind == controller.EventMemberEnded
}

// withoutAnswers is evs with the answer text and gate verdict left out,
// for a controller that does not take answers.
func withoutAnswers(evs []controller.Event) []controller.Event {
	out := make([]controller.Event, len(evs))
	for i, e := range evs {
		e.Answer, e.Gate = "", controller.Gate{}
		out[i] = e
	}
	return out
}
