package board

import (
	"fmt"
	"sync"
	"time"

	"github.com/swarmhost/swarmhost/host/channels"
	"github.com/swarmhost/swarmhost/host/swarm"
)

// Board is one sample's shared_memory channel: the files, what each member
// has viewed and been told of, the waits, and the evidence. One mutex
// guards all of it, so a write's check, evidence and commit are one atomic
// step ([Board.write]). The member is always bound by the host
// ([Board.Tools]). A Board is safe for concurrent use.
//
// Each swarmhost member is one agent loop, so the package's per-loop state
// (what a loop has seen) is per member here.
type Board struct {
	cfg    Config
	clock  channels.Clock
	newID  func() string
	start  time.Time
	roster []string

	mu       sync.Mutex
	members  map[string]*boardMember
	stopping bool
	// files by id, tombstones included; order is creation order.
	files []*boardFile
	byID  map[string]*boardFile
	// paths maps each live path to its file.
	paths map[string]*boardFile
	bytes int
	// counters of the ids: files f-N, records w-N, reads r-N, notices n-N,
	// waits x-N, and the commit sequence.
	lastFile, lastRecord, lastRead, lastNotice, lastWait, seq int
	// ended are the members that ended, with their statuses, in order.
	ended    []endedMember
	evidence swarm.Recorder
	// sleeping are the members whose wait is asleep and not released;
	// runningN counts the running members.
	sleeping map[*boardMember]bool
	runningN int
	// toolSpan is the tool call of the view in progress.
	toolSpan string
}

// boardMember is one member's board state; guarded by Board.mu.
type boardMember struct {
	name          string
	state, status string
	// delivery is DeliveryNotify or DeliveryPoll.
	delivery string
	// seen is the version of each file the member has seen; 0 when it knows
	// the file only from its own blind append.
	seen map[string]int
	// covered is the version of each file its last notice named.
	covered map[string]int
	// writes are its commit times inside the rate window.
	writes []time.Time
	// reported are the ends a wait result of the member has named.
	reported map[string]bool
	waiter   *boardWaiter
}

// boardFile is one file. A deleted file stays as a tombstone (no content,
// its path freed), so an id is never reused and a delete is a version.
type boardFile struct {
	id, path string
	content  string
	deleted  bool
	version  int
	writer   string
	record   string
	// peerVersion and peerWriter are the latest version written by a member
	// other than writer: what the writer may not have seen when its own last
	// write was a blind append.
	peerVersion int
	peerWriter  string
}

type endedMember struct{ name, status string }

// New builds the board of one sample: empty, every member pending.
// delivery gives each member's delivery mode by name; a member not in it
// gets DeliveryNotify.
func New(cfg Config, roster []string, delivery map[string]string, opts channels.Options) *Board {
	if opts.Clock == nil {
		opts.Clock = channels.WallClock{}
	}
	b := &Board{cfg: cfg, clock: opts.Clock, newID: opts.NewID, roster: roster, members: map[string]*boardMember{},
		byID: map[string]*boardFile{}, paths: map[string]*boardFile{}, sleeping: map[*boardMember]bool{}}
	b.start = b.clock.Now()
	for _, name := range roster {
		d := delivery[name]
		if d == "" {
			d = channels.DeliveryNotify
		}
		b.members[name] = &boardMember{name: name, state: swarm.StatePending, delivery: d,
			seen: map[string]int{}, covered: map[string]int{}, reported: map[string]bool{}}
	}
	return b
}

// Config returns the board's configuration.
func (b *Board) Config() Config { return b.cfg }

// MemberState records a member's new state (swarm.Observer). A member that
// ends wakes the other members' waits and ends its own.
func (b *Board) MemberState(name, state, status string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	m := b.members[name]
	if m == nil {
		return
	}
	switch was, now := m.state == swarm.StateRunning, state == swarm.StateRunning; {
	case now && !was:
		b.runningN++
	case was && !now:
		b.runningN--
	}
	m.state, m.status = state, status
	if state != swarm.StateEnded {
		b.recheck()
		return
	}
	b.ended = append(b.ended, endedMember{name, status})
	for o := range b.sleeping {
		if o == m {
			b.release(o, WaitMemberEnding)
		} else {
			b.release(o, WaitNews)
		}
	}
	b.recheck()
}

// Stopping closes the board to writes and releases every wait
// (swarm.Observer).
func (b *Board) Stopping(string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.stopping = true
	for m := range b.sleeping {
		b.release(m, WaitStopping)
	}
}

// running reports whether name has started and not ended. Callers hold b.mu.
func (b *Board) running(name string) bool {
	m := b.members[name]
	return m != nil && m.state == swarm.StateRunning
}

// byOthers is the latest version of f written by a member other than
// member, and its writer. Callers hold b.mu.
func byOthers(f *boardFile, member string) (int, string) {
	if f.writer != member {
		return f.version, f.writer
	}
	return f.peerVersion, f.peerWriter
}

// next returns the next id with prefix, counting in *n.
func next(prefix string, n *int) string {
	*n++
	return fmt.Sprintf("%s-%d", prefix, *n)
}

// Interface guards: the runtime observes the board, and a sample uses it
// through channels.Board.
var (
	_ swarm.Observer = (*Board)(nil)
	_ channels.Board = (*Board)(nil)
)

// newInfo is one info event in member's span.
func newInfo(at time.Time, member string, data any) swarm.Event {
	return swarm.Event{Kind: swarm.EventInfo, Time: at, SpanID: channels.SpanID(member), Member: member,
		Source: swarm.InfoSource, Data: data}
}

// Evidence returns the board's evidence so far, in order (shared, not
// copied: see swarm.Recorder).
func (b *Board) Evidence() swarm.Events { return b.evidence.Events() }
