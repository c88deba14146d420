package swarm

import (
	"context"
	"errors"

	"github.com/swarmhost/swarmhost/sdk/model"
)

// Stop reasons recorded in the ledger (SPEC §5); controller stops are
// "controller:<reason>" and sample limits "sample_limit:<type>".
const (
	StopAllDone  = "all_done"
	StopSwarmCap = "swarm_cap"
	StopTime     = "swarm_time"
	StopError    = "error"
	StopOperator = "operator"
)

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
	// StopReason says why the swarm ended.
	StopReason string
	// Events are the members' evidence in arrival order.
	Events []Event
	// UsageByModel and UsageByMember sum every recorded model call.
	UsageByModel, UsageByMember map[string]model.Usage
	// Ledger is the sample's accounting (SPEC §6), on every exit path.
	Ledger Ledger
	// Error is set when the controller failed; the record is provisional.
	Error error
}

// Run runs the swarm on one sample and returns when every member has ended.
// Cancelling ctx stops the swarm (reason "operator", or the sample limit
// given as the context's cause) and still returns a result.
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
		reason := StopOperator
		var sl *sampleLimitError
		if errors.As(context.Cause(ctx), &sl) {
			reason = "sample_limit:" + sl.kind
		}
		r.stop(reason)
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
		ev := r.queue[0]
		r.queue = r.queue[1:]
		r.mu.Unlock()
		r.handle(ev)
	}
}
