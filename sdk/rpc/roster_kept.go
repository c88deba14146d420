package rpc

import (
	"slices"
	"sync"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/swarmhost/swarmhost/sdk/controller"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
)

// lostRoster starts the refusal of roster changes for a session whose
// roster the plugin does not keep; the host then sends the whole roster.
const lostRoster = "roster changes for a session whose roster this process does not keep:"

// keptRosters is the plugin's side of roster changes: the roster of each
// open session, from Start to End, to which a request's changes apply.
type keptRosters struct {
	mu       sync.Mutex
	sessions map[string]*keptRoster
}

// keptRoster is one session's roster and where each member is in it.
// view is the copy handed to the controller, refilled for every call (a
// controller may sort or modify it without harming the kept roster).
type keptRoster struct {
	members []controller.Member
	view    []controller.Member
	index   map[string]int
}

func newKeptRosters() *keptRosters { return &keptRosters{sessions: map[string]*keptRoster{}} }

// start keeps a session's roster.
func (k *keptRosters) start(session string, roster []controller.Member) {
	kr := &keptRoster{members: slices.Clone(roster), index: make(map[string]int, len(roster))}
	for i, m := range roster {
		kr.index[m.Name] = i
	}
	k.mu.Lock()
	k.sessions[session] = kr
	k.mu.Unlock()
}

// resolve returns the roster a request stands for: its whole roster, which
// the session keeps from then on, or the kept roster with the request's
// changes applied. The result is a copy the caller may modify, valid until
// the session's next request (the session's calls are sequential); reusing
// it saves an N-entry allocation per event.
func (k *keptRosters) resolve(session string, roster []*pb.RosterMember, changes bool) ([]controller.Member, error) {
	if !changes {
		k.start(session, wire.RosterFromProto(roster)) // also re-opens a session this process lost
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	kr, ok := k.sessions[session]
	if !ok {
		return nil, status.Errorf(codes.FailedPrecondition, "%s %q", lostRoster, session)
	}
	if changes {
		for _, m := range wire.RosterFromProto(roster) {
			i, ok := kr.index[m.Name]
			if !ok {
				return nil, status.Errorf(codes.InvalidArgument, "roster change for %q, who is not in session %q", m.Name, session)
			}
			kr.members[i] = m
		}
	}
	kr.view = append(kr.view[:0], kr.members...)
	return kr.view, nil
}

// end forgets a session.
func (k *keptRosters) end(session string) {
	k.mu.Lock()
	delete(k.sessions, session)
	k.mu.Unlock()
}
