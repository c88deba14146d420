package swarm

import (
	"slices"

	"github.com/swarmhost/swarmhost/sdk/controller"
)

// WithRosterHint is an optional interface of a controller the host calls:
// the SDK's plugin client implements it, plugin authors do not. Before
// each Event or Choose call of a session the runtime names the roster
// entries, by index, that may have changed since the session's previous
// call, so the client compares only those instead of the whole roster (a
// swarm of N members makes about 3N events). A controller that takes the
// hint reads a request's Roster only during the call, so the runtime may
// hand it the same buffer every time.
type WithRosterHint interface {
	RosterChanged(session string, changed []int)
}

// entry is the member's roster entry as the controller sees it.
func (m *memberState) entry() controller.Member {
	return controller.Member{Name: m.spec.Name, Role: m.spec.Role, Agent: m.spec.AgentName,
		Index: m.spec.Index, State: controller.MemberState(m.state), Status: controller.Status(m.status)}
}

// touch notes that m's roster entry changed; callers hold r.mu.
func (r *runtime) touch(m *memberState) {
	if !m.dirty {
		m.dirty = true
		r.dirty = append(r.dirty, m.index)
	}
}

// roster brings the controller's roster up to date, O(changes), and
// returns it with the indexes that changed since the last call. Only the
// control goroutine calls it; callers hold r.mu.
func (r *runtime) roster() (roster []controller.Member, changed []int) {
	changed, r.dirty = r.dirty, nil
	for _, i := range changed {
		m := r.members[i]
		m.dirty = false
		r.ctrlRoster[i] = m.entry()
	}
	return r.ctrlRoster, changed
}

// rosterFor is the roster to hand one controller call of the session. A
// controller that takes roster hints (the host's plugin client) gets the
// runtime's own buffer and the changed indexes; any other gets a copy it
// may keep.
func (r *runtime) rosterFor(roster []controller.Member, changed []int) []controller.Member {
	if h, ok := r.spec.Controller.(WithRosterHint); ok {
		h.RosterChanged(r.session, changed)
		return roster
	}
	return slices.Clone(roster)
}
