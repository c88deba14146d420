package eval

import (
	"sync"
	"time"
)

// Meter counts one eval's progress while it runs. Run updates it as samples
// start and finish and as members start and end; a display reads Snapshot
// from any goroutine, as often as it likes (the CLI redraws a terminal line
// from it a few times a second). The zero value is ready; use one Meter per
// eval.
type Meter struct {
	mu      sync.Mutex
	p       Progress
	started time.Time
	// running holds each active sample × epoch's running members.
	running map[[2]int]int
}

// Snapshot returns the progress now; Elapsed is measured from the eval's
// start (zero before it starts).
func (m *Meter) Snapshot() Progress {
	m.mu.Lock()
	defer m.mu.Unlock()
	p := m.p
	if !m.started.IsZero() {
		p.Elapsed = time.Since(m.started)
	}
	return p
}

// start resets the meter for an eval of total sample × epochs, done of
// them already finished (a resumed log).
func (m *Meter) start(eval string, total, done int, tokens int64, at time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.p = Progress{Eval: eval, Total: total, Done: done, Tokens: tokens}
	m.started, m.running = at, map[[2]int]int{}
}

// begin marks a sample × epoch as running.
func (m *Meter) begin(j job) {
	m.mu.Lock()
	m.p.Active++
	m.mu.Unlock()
}

// members records how many of a sample's members run now (the runtime's
// OnRunning hook).
func (m *Meter) members(j job, n int) {
	key := [2]int{j.index, j.epoch}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.running == nil {
		m.running = map[[2]int]int{}
	}
	m.p.Running += n - m.running[key]
	m.running[key] = n
}

// end marks a sample × epoch as finished and returns the progress.
func (m *Meter) end(j job, tokens int64) Progress {
	key := [2]int{j.index, j.epoch}
	m.mu.Lock()
	m.p.Running -= m.running[key]
	delete(m.running, key)
	m.p.Active--
	m.p.Done++
	m.p.Tokens = tokens
	m.mu.Unlock()
	return m.Snapshot()
}

// retried counts one retry of an errored sample.
func (m *Meter) retried() {
	m.mu.Lock()
	m.p.Retries++
	m.mu.Unlock()
}
