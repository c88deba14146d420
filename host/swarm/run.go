package swarm

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/swarmhost/swarmhost/sdk/model"
)

// Stop reasons recorded in the ledger (SPEC §5, §15). A controller's own
// reasons are "controller:<reason>", except the topology reasons
// (StopAllDone, StopSubmitted, StopVerified, StopQuiescence), which are
// recorded bare, as Inspect Swarm records them.
const (
	StopAllDone    = "all_done"
	StopSubmitted  = "submitted"
	StopVerified   = "verified"
	StopQuiescence = "quiescence"
	StopSwarmCap   = "swarm_cap"
	StopTime       = "swarm_time"
	StopError      = "error"
	StopOperator   = "operator"
)

// sampleLimitPrefix starts the ledger's ended_by when a sample limit ended
// the sample inside the swarm: "sample_limit:<type>". sampleLimitStop
// builds it and SampleLimitKind reads it; nothing else spells it.
const sampleLimitPrefix = "sample_limit:"

// sampleLimitStop is the stop (and ended_by) of a sample limit of kind.
func sampleLimitStop(kind string) string { return sampleLimitPrefix + kind }

// SampleLimitKind returns the limit kind of a stop reason or ended_by that
// a sample limit gave ("sample_limit:<kind>"); ok is false for any other.
func SampleLimitKind(reason string) (kind string, ok bool) {
	return strings.CutPrefix(reason, sampleLimitPrefix)
}

// isSampleLimit reports whether a stop reason is a sample limit's.
func isSampleLimit(reason string) bool {
	_, ok := SampleLimitKind(reason)
	return ok
}

// ControllerReason is the recorded stop reason for a reason a controller
// gives: a topology reason as it is, any other as "controller:<reason>".
func ControllerReason(reason string) string {
	switch reason {
	case StopAllDone, StopSubmitted, StopVerified, StopQuiescence:
		return reason
	}
	return "controller:" + reason
}

// ErrSampleLimit is the cancellation cause the eval layer gives a sample's
// context when a sample limit ends it; wrap it with the limit's type using
// SampleLimit.
var ErrSampleLimit = errors.New("sample limit")

// SampleLimit returns a context cause for a sample limit of kind.
func SampleLimit(kind string) error { return &sampleLimitError{kind: kind} }

type sampleLimitError struct{ kind string }

func (e *sampleLimitError) Error() string        { return "sample limit: " + e.kind }
func (e *sampleLimitError) Is(target error) bool { return target == ErrSampleLimit }

// Result is what a swarm run produced.
type Result struct {
	// Record is the final result record.
	Record Record
	// Output is the chosen member's output, unchanged; empty when none.
	Output model.Output
	// Messages are the sample input then the answer's message.
	Messages []model.Message
	// MemberOutputs are the members' own outputs in roster order (as
	// Record.Members), when Spec.KeepMemberOutputs asks for them: what each
	// agent returned, empty for a member that never started or returned
	// nothing. Nil otherwise.
	MemberOutputs []model.Output
	// StopReason says why the swarm stopped: "" when nothing stopped it
	// before the sample ended (an error or a sample limit; see EndedBy),
	// which the ledger writes as null.
	StopReason string
	// EndedBy says what ended the sample inside the swarm when the run was
	// interrupted: "sample_limit:<type>", or "" for an error (Result.Error)
	// and for a run that was not interrupted.
	EndedBy string
	// SampleLimit is the first sample limit a member's call met (its
	// reason as Inspect words it), nil when none did.
	SampleLimit *SampleLimitHit
	// Interrupted is true when the run ended without its final step (an
	// error or a sample limit): the record stays provisional, the output is
	// the answer so far, Messages are the input only and no final event is
	// written.
	Interrupted bool
	// MemberErrors holds, by member name, the error of each member that
	// ended "errored"; the reason is in the member's evidence.
	MemberErrors map[string]string
	// Events are the members' evidence in arrival order, shared with the
	// run (not copied).
	Events Events
	// UsageByModel and UsageByMember sum every recorded model call.
	UsageByModel, UsageByMember map[string]model.Usage
	// Ledger is the sample's accounting (SPEC §6), on every exit path.
	Ledger Ledger
	// Error is set when a member raised an error (unless the swarm contains
	// member errors, Spec.ContainMemberErrors) or the controller failed:
	// the sample ends in error, unscored, and the record is provisional.
	Error error
}

// Run runs the swarm on one sample and returns when every member has ended.
// Cancelling ctx stops the swarm (reason "operator") and still returns a
// result; a context whose cause is a sample limit ([SampleLimit]) ends the
// sample at once instead, as Inspect ends a sample at its time limit:
// every running member is cancelled and the run is interrupted.
func Run(ctx context.Context, spec Spec, sample Sample, hooks Hooks) *Result {
	r := newRuntime(ctx, spec, sample, hooks)
	defer r.hardCancel()
	if hooks.OnStart != nil {
		hooks.OnStart(View{r: r})
	}
	r.publish()
	done := make(chan struct{})
	defer close(done)
	go r.watch(ctx, done)
	r.armTimeCap()
	if err := r.startController(); err != nil {
		r.fail(err)
	}
	r.loop()
	r.wg.Wait()
	r.drainCalls()
	return r.finish()
}

// watch stops the swarm when the sample's context ends.
func (r *runtime) watch(ctx context.Context, done <-chan struct{}) {
	select {
	case <-done:
	case <-ctx.Done():
		var sl *sampleLimitError
		if errors.As(context.Cause(ctx), &sl) {
			if sl.kind == LimitTime && r.spec.Budget.Sample.Time != nil {
				r.mu.Lock()
				if r.limitHit == nil {
					hit := TimeLimitHit(r.spec.Budget.Sample.Time.Seconds())
					r.limitHit = &hit
					r.events.add(Event{Kind: EventSampleLimit, Time: time.Now(), Data: hit})
				}
				r.mu.Unlock()
			}
			r.abort(nil, sampleLimitStop(sl.kind))
			return
		}
		r.stop(StopOperator)
	}
}

// loop feeds events to the controller until no member runs and none is queued.
func (r *runtime) loop() {
	for {
		r.mu.Lock()
		if len(r.queue) == 0 && r.running == 0 {
			r.mu.Unlock()
			return
		}
		if len(r.queue) == 0 {
			r.mu.Unlock()
			<-r.notify
			continue
		}
		evs := r.queue
		r.queue = nil
		r.mu.Unlock()
		r.deliver(evs)
	}
}
