package pluginside

import (
	"context"
	"sync"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/swarmhost/swarmhost/sdk/controller"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
)

// openSessions is the plugin's side of sessions: for each open session,
// the author's Session and its roster, from Start to End. The host sends
// only the roster entries that changed (proto roster_changes); they apply
// to the kept roster.
type openSessions struct {
	mu   sync.Mutex
	open map[string]*openSession
}

// openSession is one session: the author's Session, its roster and where
// each member is in it. view is the copy handed to the Session, refilled
// for every call (a Session may sort or modify it without harming the
// kept roster). A session's calls are sequential (the host's contract).
type openSession struct {
	sess    controller.Session
	members []controller.Member
	view    []controller.Member
	index   map[string]int
}

func newOpenSessions() *openSessions { return &openSessions{open: map[string]*openSession{}} }

// start opens a session with its first roster.
func (o *openSessions) start(id string, sess controller.Session, roster []controller.Member) {
	s := &openSession{sess: sess}
	s.keep(roster)
	o.mu.Lock()
	o.open[id] = s
	o.mu.Unlock()
}

// keep replaces the session's roster with roster, which it owns from
// then on (a roster freshly decoded from the request, never the slice a
// Session was handed).
func (s *openSession) keep(roster []controller.Member) {
	s.members = roster
	s.index = make(map[string]int, len(roster))
	for i, m := range roster {
		s.index[m.Name] = i
	}
}

// resolve returns the session and the roster a request stands for: its
// whole roster, which the session keeps from then on, or the kept roster
// with the request's changes applied. The roster is valid until the
// session's next request (see fresh).
func (o *openSessions) resolve(id string, roster []*pb.RosterMember, changes bool) (controller.Session, []controller.Member, error) {
	s, err := o.resolveSession(id, roster, changes)
	if err != nil {
		return nil, nil, err
	}
	return s.sess, s.fresh(), nil
}

// resolveSession returns the open session with the request's roster
// applied (see resolve); each call of the session takes its roster from
// fresh.
func (o *openSessions) resolveSession(id string, roster []*pb.RosterMember, changes bool) (*openSession, error) {
	o.mu.Lock()
	s, ok := o.open[id]
	o.mu.Unlock()
	if !ok {
		return nil, status.Errorf(protocol.SessionLostCode, "session %q is not open in this controller process", id)
	}
	if err := s.apply(id, wire.RosterFromProto(roster), changes); err != nil {
		return nil, err
	}
	return s, nil
}

// fresh is the roster for one call of the session: the kept roster itself
// for a session that only reads it (controller.WithReadOnlyRoster), else
// the session's view refilled from it (the call before may have modified
// the view), O(N) per call.
func (s *openSession) fresh() []controller.Member {
	if _, ok := s.sess.(controller.WithReadOnlyRoster); ok {
		return s.members
	}
	s.view = append(s.view[:0], s.members...)
	return s.view
}

// apply takes a request's roster: the whole roster, or changed entries.
func (s *openSession) apply(id string, roster []controller.Member, changes bool) error {
	if !changes {
		s.keep(roster)
		return nil
	}
	for _, m := range roster {
		i, ok := s.index[m.Name]
		if !ok {
			return status.Errorf(codes.InvalidArgument, "roster change for %q, who is not in session %q", m.Name, id)
		}
		s.members[i] = m
	}
	return nil
}

// end forgets a session and returns its Session (nil when none was open).
func (o *openSessions) end(id string) controller.Session {
	o.mu.Lock()
	defer o.mu.Unlock()
	s, ok := o.open[id]
	if !ok {
		return nil
	}
	delete(o.open, id)
	return s.sess
}

// closeSession calls the Session's optional Close.
func closeSession(ctx context.Context, sess controller.Session) error {
	c, ok := sess.(controller.SessionCloser)
	if !ok {
		return nil
	}
	return protocol.ServerGuard(func() error { return c.Close(ctx) })
}

// authorError is a controller's own error as sent to the host: never with
// protocol.SessionLostCode, which only the SDK's session bookkeeping sends.
func authorError(err error) error {
	if s, ok := status.FromError(err); ok && err != nil && s.Code() == protocol.SessionLostCode {
		return status.Error(codes.Unknown, s.Message())
	}
	return err
}

// errNoSession is the error of a Start that returned neither a Session nor
// an error: a bug in the controller.
func errNoSession(plugin string) error {
	return status.Errorf(codes.Internal, "controller %q returned no session from Start (return a controller.Session or an error)", plugin)
}
