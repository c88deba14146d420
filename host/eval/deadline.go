package eval

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// ScorerTimeoutError is a scorer call that did not answer within its
// scorer block's score_timeout: an error of the sample, as any scorer
// failure (a gate check returns it to the member instead).
type ScorerTimeoutError struct {
	// Scorer is the scorer's name in the log.
	Scorer string
	// Timeout is the deadline that passed.
	Timeout string
}

// Error says which scorer and which attribute to raise.
func (e *ScorerTimeoutError) Error() string {
	return fmt.Sprintf("scorer %q did not answer within %s (raise score_timeout on its scorer block)", e.Scorer, e.Timeout)
}

// scoreDeadline bounds one call of sc; its cause is a [*ScorerTimeoutError].
func scoreDeadline(ctx context.Context, sc scorerRun) (context.Context, context.CancelFunc) {
	d := sc.cfg.ScoreTimeoutOrDefault()
	return context.WithTimeoutCause(ctx, d, &ScorerTimeoutError{Scorer: sc.name, Timeout: d.String()})
}

// deadlineSlack is how close to its deadline a failed call counts as
// timed out: the plugin's server enforces the deadline gRPC propagates to
// it and may cancel the stream an instant before the host's timer fires.
const deadlineSlack = 250 * time.Millisecond

// deadlineCause replaces err with ctx's cause when ctx's own deadline
// passed. The gRPC error says only "context deadline exceeded", or, when
// the plugin's server enforced the propagated deadline first, that the
// stream was cancelled, possibly an instant before ctx itself is done.
func deadlineCause(ctx context.Context, err error) error {
	var te *ScorerTimeoutError
	if cause := context.Cause(ctx); errors.As(cause, &te) {
		return cause
	}
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) < deadlineSlack {
		<-ctx.Done() // at most deadlineSlack
		if cause := context.Cause(ctx); errors.As(cause, &te) {
			return cause
		}
	}
	return err
}
