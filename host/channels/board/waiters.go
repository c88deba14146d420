package board

import "time"

// register puts m's waiter to sleep: it counts as waiting until released
// or unregistered. Callers hold b.mu.
func (b *Board) register(m *boardMember, w *boardWaiter) {
	b.sleeping[m] = true
	w.idleSince = b.clock.Now()
	b.recheck()
}

// unregister wakes m's waiter, released or not. Callers hold b.mu.
func (b *Board) unregister(m *boardMember, w *boardWaiter) {
	b.stopIdle(w)
	delete(b.sleeping, m)
}

// release ends m's sleeping waiter's wait with reason. Callers hold b.mu.
func (b *Board) release(m *boardMember, reason string) {
	w := m.waiter
	if w == nil || !b.sleeping[m] {
		return
	}
	w.reason = reason
	close(w.ch)
	b.stopIdle(w)
	delete(b.sleeping, m)
}

// stopIdle stops a waiter's idle clock. Callers hold b.mu.
func (b *Board) stopIdle(w *boardWaiter) {
	if !w.idleSince.IsZero() {
		w.idle += b.clock.Now().Sub(w.idleSince)
		w.idleSince = time.Time{}
	}
}

// recheck releases every sleeping waiter when every running member is
// asleep in a wait: nothing can change then. O(1) unless it releases.
// Callers hold b.mu.
func (b *Board) recheck() {
	if len(b.sleeping) == 0 {
		return
	}
	if len(b.sleeping) < b.runningN {
		return
	}
	for m := range b.sleeping {
		b.release(m, WaitAllWaiting)
	}
}

// wake releases, for news, the sleeping waiters of members other than
// writer that watch a file the write changed. Callers hold b.mu.
func (b *Board) wake(writer string, changes []change, seq int) {
	for m := range b.sleeping {
		if m.name == writer {
			continue
		}
		for _, c := range changes {
			if b.waitable(m, m.waiter, b.byID[c.file]) {
				m.waiter.wokenBy = append(m.waiter.wokenBy, seq)
				b.release(m, WaitNews)
				break
			}
		}
	}
}
