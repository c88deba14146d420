package channels

import (
	"context"
	"time"
)

// Outcomes of a read_messages call, as its evidence records them.
const (
	// OutcomeMessages: there were unread messages, at once or when a
	// wake = true message arrived during the wait.
	OutcomeMessages = "messages"
	// OutcomeEmpty: nothing unread and no wait asked for (or max_wait = 0).
	OutcomeEmpty = "empty"
	// OutcomeTimeout: the wait ran out.
	OutcomeTimeout = "timeout"
	// OutcomeIdle: every other member was waiting, ended or not started, so
	// no message could come.
	OutcomeIdle = "idle"
	// OutcomeStopping: the swarm began to stop.
	OutcomeStopping = "stopping"
	// OutcomeCancelled: the reader's call or the reader itself ended.
	OutcomeCancelled = "cancelled"
)

// ReadResult is one read_messages call's answer.
type ReadResult struct {
	// Messages are those read, oldest first; they are now marked read.
	Messages []Message
	// Remaining is how many stay unread (they did not fit the budget or
	// came after).
	Remaining int
	Outcome   string
	// Wait is the wait actually applied (clipped to max_wait).
	Wait time.Duration
}

// waiter is a reader blocked in read_messages. The bus decides its outcome
// when it wakes it, under b.mu, and removes it from its member at once, so a
// woken reader no longer counts as waiting.
type waiter struct {
	ch      chan struct{}
	outcome string
}

// Read is read_messages(wait_seconds) for member: its unread messages, or —
// when it has none and wait > 0 — a wait that ends when a wake = true
// message arrives, when wait (clipped to max_wait) runs out, when every
// other member is waiting, ended or not started, when the swarm begins to
// stop, or when ctx ends. Messages that arrived without wake during a wait
// are returned when it ends.
func (b *Bus) Read(ctx context.Context, name string, wait time.Duration) ReadResult {
	wait = min(max(wait, 0), b.cfg.MaxWait)
	b.mu.Lock()
	m := b.byName[name]
	if m == nil {
		b.mu.Unlock()
		return ReadResult{Outcome: OutcomeCancelled}
	}
	outcome := b.readNow(m, wait)
	if outcome == "" {
		w := &waiter{ch: make(chan struct{})}
		b.change(m, func() { m.waiter = w })
		b.wakeIdle()
		b.mu.Unlock()
		outcome = b.await(ctx, m, w, wait)
		b.mu.Lock()
	}
	defer b.mu.Unlock()
	res := ReadResult{Messages: b.pack(m), Remaining: 0, Outcome: outcome, Wait: wait}
	res.Remaining = len(m.inbox)
	b.evidenceRead(m, res)
	return res
}

// readNow decides a read that need not wait; "" means wait. Whether every
// other member is idle is decided once the reader counts as waiting (see
// wakeIdle), so that readers waiting on each other all wake. Callers hold
// b.mu.
func (b *Bus) readNow(m *member, wait time.Duration) string {
	switch {
	case len(m.inbox) > 0:
		return OutcomeMessages
	case wait == 0:
		return OutcomeEmpty
	case b.stopping:
		return OutcomeStopping
	}
	return ""
}

// await blocks until the bus wakes w, the wait runs out or ctx ends.
func (b *Bus) await(ctx context.Context, m *member, w *waiter, wait time.Duration) string {
	var outcome string
	select {
	case <-w.ch:
	case <-b.clock.After(wait):
		outcome = OutcomeTimeout
	case <-ctx.Done():
		outcome = OutcomeCancelled
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if m.waiter == w {
		b.change(m, func() { m.waiter = nil })
		return outcome
	}
	return w.outcome
}

// signal wakes m's waiting reader with outcome. Callers hold b.mu.
func (b *Bus) signal(m *member, outcome string) {
	w := m.waiter
	b.change(m, func() { m.waiter = nil })
	w.outcome = outcome
	close(w.ch)
}

// wakeIdle wakes every waiting reader for whom every other member is
// waiting, ended or not started. A waiting reader is not active itself, so
// that holds for all of them at once exactly when no member is active; they
// are then woken together, so readers waiting on each other all wake.
// O(1) unless it wakes readers. Callers hold b.mu.
func (b *Bus) wakeIdle() {
	if b.active > 0 {
		return
	}
	var idle []*member
	for _, m := range b.roster {
		if m.waiter != nil {
			idle = append(idle, m)
		}
	}
	for _, m := range idle {
		b.signal(m, OutcomeIdle)
	}
}
