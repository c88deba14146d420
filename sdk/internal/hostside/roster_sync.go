package hostside

import (
	"slices"
	"sync"

	"github.com/swarmhost/swarmhost/sdk/controller"
)

// rosterSync is the host's side of roster changes (proto
// ControllerEventRequest.roster_changes): every plugin keeps each session's
// roster from Start to End, so for each session the host remembers the
// roster last sent, so the next Event or
// Choose sends only the members whose entry changed. A swarm of N members
// makes about 3N controller events; sending the whole roster with each
// made the controller path O(N²) (BENCHMARKS.md).
//
// A host that knows which entries changed says so first (hint, from the
// host's RosterChanged call, rosterHinter); the next request then compares
// only those entries, O(changes) instead of O(N).
type rosterSync struct {
	mu   sync.Mutex
	sent map[string][]controller.Member // by session; nil: send the whole roster
	// hints are the entries, by index, that may have changed since the
	// session's last request; a session without a hint compares them all.
	hints map[string][]int
}

func newRosterSync() *rosterSync {
	return &rosterSync{sent: map[string][]controller.Member{}, hints: map[string][]int{}}
}

// hint adds entries that may have changed to the session's next request.
func (s *rosterSync) hint(session string, changed []int) {
	s.mu.Lock()
	s.hints[session] = append(s.hints[session], changed...)
	s.mu.Unlock()
}

// started records a session's first roster.
func (s *rosterSync) started(session string, roster []controller.Member) {
	s.mu.Lock()
	s.sent[session] = append([]controller.Member(nil), roster...)
	s.mu.Unlock()
}

// changes returns what to send for roster: only the changed entries (delta
// true) when the session's last roster is known and has the same members
// in the same order, else the whole roster. It takes the changes as sent
// (a session's calls are sequential); the caller reports a failed call
// with forget, and a whole roster that reached the plugin with record.
func (s *rosterSync) changes(session string, roster []controller.Member) (out []controller.Member, delta bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	hint, hinted := s.hints[session]
	delete(s.hints, session)
	last, ok := s.sent[session]
	if !ok || len(last) != len(roster) {
		return roster, false
	}
	if hinted && inRange(hint, len(roster)) {
		return changedAt(last, roster, hint), true
	}
	for i := range roster {
		if last[i].Name != roster[i].Name {
			return roster, false
		}
	}
	for i := range roster {
		if last[i] != roster[i] {
			last[i] = roster[i]
			out = append(out, roster[i])
		}
	}
	return out, true
}

// changedAt brings last up to date at the hinted indexes and returns the
// entries that differed, in roster order, each once.
func changedAt(last, roster []controller.Member, hint []int) []controller.Member {
	slices.Sort(hint)
	var out []controller.Member
	for j, i := range hint {
		if j > 0 && hint[j-1] == i {
			continue
		}
		if last[i] != roster[i] {
			last[i] = roster[i]
			out = append(out, roster[i])
		}
	}
	return out
}

// inRange says whether every index is within a roster of n entries.
func inRange(idx []int, n int) bool {
	for _, i := range idx {
		if i < 0 || i >= n {
			return false
		}
	}
	return true
}

// record notes that the plugin now holds the whole roster for a session.
func (s *rosterSync) record(session string, roster []controller.Member) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.sent[session]; ok {
		s.sent[session] = append([]controller.Member(nil), roster...)
	}
}

// forget makes the session's next request carry the whole roster (after a
// failed call, the plugin's copy is unknown).
func (s *rosterSync) forget(session string) {
	s.mu.Lock()
	if _, ok := s.sent[session]; ok {
		s.sent[session] = nil
	}
	delete(s.hints, session)
	s.mu.Unlock()
}

// end drops a session.
func (s *rosterSync) end(session string) {
	s.mu.Lock()
	delete(s.sent, session)
	delete(s.hints, session)
	s.mu.Unlock()
}
