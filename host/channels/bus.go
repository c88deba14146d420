package channels

import (
	"fmt"
	"sync"
	"time"

	"github.com/swarmhost/swarmhost/host/swarm"
)

// Member is one roster entry as the bus sees it.
type Member struct {
	Name string
	// Role is "" when none.
	Role string
}

// Options tune a bus.
type Options struct {
	// Clock defaults to the wall clock.
	Clock Clock
	// NewID, when set, names the board's notice messages (their ids are
	// in the "notified" evidence); nil leaves them without.
	NewID func() string
}

// Bus is one sample's messages channel: the members' inboxes, their states
// as the runtime reports them, the storm controls' state, and the evidence.
// One mutex guards all of it. A Bus is safe for concurrent use.
type Bus struct {
	cfg    Messages
	clock  Clock
	roster []*member

	mu       sync.Mutex
	byName   map[string]*member
	stopping bool
	// active counts the members running and not waiting in read_messages
	// (member.active): when it is 0 no message can come to a waiting
	// reader. Kept up to date by change, so no check scans the roster.
	active   int
	lastID   int
	evidence swarm.Recorder
}

// member is one member's channel state; guarded by Bus.mu.
type member struct {
	Member
	// index is its place in the roster.
	index         int
	state, status string
	// inbox holds the unread messages, oldest first; peak is its largest size.
	inbox []*record
	peak  int
	// sends are the times of its accepted sends inside the rate window.
	sends []time.Time
	// known are the ids it sent or received: the valid reply_to values.
	known map[string]bool
	// received counts deliveries to it; noticed is received at its last notice.
	received, noticed int
	waiter            *waiter
	metrics           Metrics
}

// record is one accepted message.
type record struct {
	id, from string
	to       []string
	text     string
	replyTo  string
	wake     bool
}

// NewBus builds the bus of one sample: every member pending, no records.
func NewBus(cfg Messages, roster []Member, opts Options) *Bus {
	if opts.Clock == nil {
		opts.Clock = WallClock{}
	}
	b := &Bus{cfg: cfg, clock: opts.Clock, byName: map[string]*member{}}
	for i, m := range roster {
		ms := &member{Member: m, index: i, state: swarm.StatePending, known: map[string]bool{}}
		b.roster = append(b.roster, ms)
		b.byName[m.Name] = ms
	}
	return b
}

// Config returns the bus's configuration.
func (b *Bus) Config() Messages { return b.cfg }

// MemberState records a member's new state (swarm.Observer). A member that
// ends stops counting as a possible sender, which may wake waiting readers.
func (b *Bus) MemberState(name, state, status string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	m := b.byName[name]
	if m == nil {
		return
	}
	b.change(m, func() { m.state, m.status = state, status })
	if state == swarm.StateEnded && m.waiter != nil {
		b.signal(m, OutcomeCancelled)
	}
	b.wakeIdle()
}

// Stopping closes the bus to new sends and wakes every waiting reader
// (swarm.Observer).
func (b *Bus) Stopping(string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.stopping = true
	for _, m := range b.roster {
		if m.waiter != nil {
			b.signal(m, OutcomeStopping)
		}
	}
}

// active says whether m could send a message now: running, and not
// waiting in read_messages.
func (m *member) active() bool { return m.state == swarm.StateRunning && m.waiter == nil }

// change applies f, which changes m's state or waiter, and keeps b.active
// up to date. Callers hold b.mu.
func (b *Bus) change(m *member, f func()) {
	was := m.active()
	f()
	switch now := m.active(); {
	case now && !was:
		b.active++
	case was && !now:
		b.active--
	}
}

// newID returns the next record id: m-1, m-2, … per bus (per sample).
// Callers hold b.mu.
func (b *Bus) newID() string {
	b.lastID++
	return fmt.Sprintf("m-%d", b.lastID)
}

// Interface guard.
var _ swarm.Observer = (*Bus)(nil)
