package swarm

import (
	"time"

	"github.com/hashicorp/go-hclog"
)

// stop is the one entry point that stops the swarm (SPEC §5): scheduling
// closes at once, running members' next model calls are refused, and after
// the grace period whatever still runs is cancelled. Later calls are no-ops.
func (r *runtime) stop(reason string) {
	r.mu.Lock()
	started := r.beginStop(reason)
	r.mu.Unlock()
	if started {
		r.announceStop(reason)
	}
}

// beginStop is stop's part under r.mu: it reports whether this call began
// the stop. Limit checks call it in the same critical section that found
// the limit, so concurrent members cannot both be first over a cap.
func (r *runtime) beginStop(reason string) bool {
	if r.stopping {
		return false
	}
	r.stopping, r.reason, r.ctrlDone = true, reason, true
	// Set under r.mu, with stopping: finish reads it under r.mu and may run
	// concurrently when the sample's context ends (watch calls stop).
	r.graceTimer = time.AfterFunc(r.grace(), r.hardStop)
	return true
}

// announceStop tells the observer and wakes the control loop; callers do
// not hold r.mu.
func (r *runtime) announceStop(reason string) {
	r.log.Debug("swarm stopping", "reason", reason)
	if r.spec.Observer != nil {
		r.spec.Observer.Stopping(reason)
	}
	r.wake()
}

// grace is budget.grace, clipped to half the sample's remaining time.
func (r *runtime) grace() time.Duration {
	g := r.spec.Grace
	if g <= 0 {
		g = DefaultGrace
	}
	if dl, ok := r.deadline(); ok {
		if half := time.Until(dl) / 2; half < g {
			g = max(half, 0)
		}
	}
	return g
}

// deadline is the sample's time limit, when it has one.
func (r *runtime) deadline() (time.Time, bool) {
	if r.spec.Deadline.IsZero() {
		return time.Time{}, false
	}
	return r.spec.Deadline, true
}

// hardStop cancels every member still running.
func (r *runtime) hardStop() {
	r.mu.Lock()
	r.hard = true
	for _, m := range r.members {
		if m.state == StateRunning {
			m.cancelled = true
		}
	}
	r.mu.Unlock()
	r.hardCancel()
}

func hclogLevel(level string) hclog.Level {
	if l := hclog.LevelFromString(level); l != hclog.NoLevel {
		return l
	}
	return hclog.Info
}

// abort ends the sample at once, as an error or a sample limit ends it in
// Inspect Swarm: scheduling closes, every running member is cancelled
// without grace (it ends "cancelled" unless a cause of its own holds), the
// controller gets no more calls and the final step is skipped (see
// finish). err is the sample's error (nil for a sample limit); endedBy is
// what ended it ("sample_limit:<type>", or "" for an error). The stop
// reason stays what it was: "" when no stop had begun. Later calls keep
// the first error and cause.
func (r *runtime) abort(err error, endedBy string) {
	r.mu.Lock()
	first := r.abortLocked(err, endedBy)
	r.mu.Unlock()
	if first {
		r.announceStop(r.stopNotice())
		r.hardCancel()
	}
}

// abortLocked is abort's part under r.mu; it reports whether this call
// began the abort, after which the caller announces it and cancels the
// members (announceStop, hardCancel) without holding r.mu.
func (r *runtime) abortLocked(err error, endedBy string) bool {
	if err != nil && r.runErr == nil {
		r.runErr = err
	}
	if r.aborted {
		return false
	}
	r.aborted, r.endedBy, r.ctrlDone, r.hard = true, endedBy, true, true
	r.stopping = true
	for _, m := range r.members {
		if m.state == StateRunning {
			m.cancelled = true
		}
	}
	return true
}

// stopNotice is what the observer hears when the run is aborted: the
// sample limit, else "error".
func (r *runtime) stopNotice() string {
	if r.endedBy != "" {
		return r.endedBy
	}
	return StopError
}
