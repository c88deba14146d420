package hostside

import (
	"context"
	"errors"
	"io"
	"sync"
	"sync/atomic"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/swarmhost/swarmhost/sdk/agent"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
)

// memberStream is the host's end of one Members stream, shared by every
// member of one plugin process. Its reader never blocks on a member: a
// member's host call goes to the member's own goroutine (the one waiting
// in run) when that goroutine is idle, else to a goroutine of its own for
// the call's duration; a member's end goes to its run.
type memberStream struct {
	stream pb.Agent_MembersClient
	cancel context.CancelFunc
	sendMu sync.Mutex
	pace   *pace // the members starting (members_pace.go)

	mu      sync.Mutex
	members map[uint64]*streamMember
	calls   map[uint64]context.CancelFunc // calls being served, by id
	next    uint64
	done    chan struct{} // closed once the stream broke
	err     error         // why it broke; set before done closes
}

// streamMember is one running member as the host's end sees it.
type streamMember struct {
	ctx   context.Context
	srv   agentHostServer // serves its calls, bound to its Host
	place *startPlace     // its place among the members starting; nil once it has none
	busy  atomic.Bool     // its run goroutine is serving a call, or has one queued
	inbox chan hostCall   // cap 1: the call its idle run goroutine serves
	end   chan *pb.MemberEnd
}

// hostCall is a call with the context it is served under (the member's,
// cancelled when the plugin withdraws the call).
type hostCall struct {
	ctx  context.Context
	call *pb.HostCall
}

// errMemberExpired answers a call of a member whose run is over, as the
// broker's server answers an expired token.
var errMemberExpired = status.Error(codes.PermissionDenied, "unknown or expired member token")

// openMemberStream opens a Members stream and starts its reader.
func openMemberStream(client pb.AgentClient) (*memberStream, error) {
	ctx, cancel := context.WithCancel(context.Background())
	st, err := client.Members(ctx)
	if err != nil {
		cancel()
		return nil, err
	}
	s := &memberStream{stream: st, cancel: cancel, pace: newPace(startWindow, startHold), members: map[uint64]*streamMember{},
		calls: map[uint64]context.CancelFunc{}, done: make(chan struct{})}
	go s.read()
	return s, nil
}

// broken reports whether the stream can no longer carry members.
func (s *memberStream) broken() bool {
	select {
	case <-s.done:
		return true
	default:
		return false
	}
}

// read routes the plugin's frames until the stream breaks.
func (s *memberStream) read() {
	for {
		f, err := s.stream.Recv()
		if err != nil {
			s.fail(err)
			return
		}
		s.route(f)
	}
}

// fail ends the stream: every member's run returns err, every call being
// served is cancelled.
func (s *memberStream) fail(err error) {
	if errors.Is(err, io.EOF) {
		err = status.Error(codes.Unavailable, "the plugin closed the member stream")
	}
	s.mu.Lock()
	s.err = err
	close(s.done)
	for _, cancel := range s.calls {
		cancel()
	}
	s.mu.Unlock()
	s.cancel()
}

// route hands one frame on without blocking.
func (s *memberStream) route(f *pb.MembersUp) {
	switch fr := f.Frame.(type) {
	case *pb.MembersUp_Call:
		s.routeCall(f.Member, fr.Call)
	case *pb.MembersUp_CancelCall:
		s.mu.Lock()
		cancel := s.calls[fr.CancelCall]
		delete(s.calls, fr.CancelCall)
		s.mu.Unlock()
		if cancel != nil {
			cancel()
		}
	case *pb.MembersUp_End:
		s.mu.Lock()
		m := s.members[f.Member]
		s.mu.Unlock()
		if m != nil {
			select {
			case m.end <- fr.End:
			default: // a second end; the first counts
			}
		}
	}
}

// routeCall queues a call for its member's idle run goroutine, or serves
// it in a goroutine of its own when that one is busy.
func (s *memberStream) routeCall(id uint64, c *pb.HostCall) {
	s.mu.Lock()
	m := s.members[id]
	if m == nil {
		s.mu.Unlock()
		go s.reply(id, c.Call, nil, errMemberExpired)
		return
	}
	ctx, cancel := context.WithCancel(m.ctx)
	s.calls[c.Call] = cancel
	hc := hostCall{ctx: ctx, call: c}
	m.place.callArrived(c.Method)
	if m.busy.CompareAndSwap(false, true) {
		m.inbox <- hc // never blocks: one call per idle period
		s.mu.Unlock()
		return
	}
	s.mu.Unlock()
	go s.serve(id, m, hc)
}

// serve runs one call and sends its reply, unless the plugin withdrew it;
// a starting member then leaves its place.
func (s *memberStream) serve(id uint64, m *streamMember, hc hostCall) {
	defer m.place.leave()
	resp, err := serveHostCall(hc.ctx, &m.srv, hc.call)
	s.mu.Lock()
	cancel, live := s.calls[hc.call.Call]
	delete(s.calls, hc.call.Call)
	s.mu.Unlock()
	if !live {
		return
	}
	cancel()
	s.reply(id, hc.call.Call, resp, err)
}

// reply sends a call's answer.
func (s *memberStream) reply(member, call uint64, resp any, err error) {
	r := &pb.HostReply{Call: call}
	if err == nil {
		r.Response, err = proto.Marshal(resp.(proto.Message))
	}
	if err != nil {
		r.Response = nil
		r.Code, r.Message = protocol.StatusFields(err)
	}
	_ = s.send(&pb.MembersDown{Member: member, Frame: &pb.MembersDown_Reply{Reply: r}})
}

// send writes one frame; gRPC allows one sender at a time.
func (s *memberStream) send(f *pb.MembersDown) error {
	// Encoded before the lock: members' frames are encoded in parallel and
	// only the write is one at a time.
	var msg grpc.PreparedMsg
	if err := msg.Encode(s.stream, f); err != nil {
		return err
	}
	s.sendMu.Lock()
	defer s.sendMu.Unlock()
	return s.stream.SendMsg(&msg)
}

// add registers a member about to start under a fresh id, holding place.
func (s *memberStream) add(ctx context.Context, h agent.Host, place *startPlace) (uint64, *streamMember) {
	m := &streamMember{ctx: ctx, srv: agentHostServer{hosts: boundHost{h}}, place: place,
		inbox: make(chan hostCall, 1), end: make(chan *pb.MemberEnd, 1)}
	s.mu.Lock()
	s.next++
	id := s.next
	s.members[id] = m
	s.mu.Unlock()
	return id, m
}

// remove forgets a member whose run returned; a call still queued for it
// is answered as expired.
func (s *memberStream) remove(id uint64, m *streamMember) {
	s.mu.Lock()
	delete(s.members, id)
	var queued *hostCall
	select {
	case hc := <-m.inbox:
		queued = &hc
	default:
	}
	s.mu.Unlock()
	if queued != nil {
		s.mu.Lock()
		delete(s.calls, queued.call.Call)
		s.mu.Unlock()
		s.reply(id, queued.call.Call, nil, errMemberExpired)
	}
}

// run runs one member on the stream: it waits for a place among the
// members starting, starts it, serves its calls while idle, and returns
// how it ended. A cancelled ctx cancels the member in the plugin (or
// never starts it) and returns at once, as a cancelled unary Run does.
func (s *memberStream) run(ctx context.Context, name string, req agent.RunRequest) (*pb.RunResponse, error) {
	place, err := s.pace.enter(ctx, s.done)
	if err != nil {
		return nil, status.FromContextError(err).Err()
	}
	defer place.leave()
	id, m := s.add(ctx, req.Host, place)
	defer s.remove(id, m)
	start := &pb.MembersDown{Member: id, Frame: &pb.MembersDown_Start{Start: wire.RunRequestToProto(name, req)}}
	if err := s.send(start); err != nil {
		return nil, s.sendError(err)
	}
	for {
		select {
		case hc := <-m.inbox:
			s.serve(id, m, hc)
			m.busy.Store(false)
		case end := <-m.end:
			if err := protocol.FrameError(end.Code, end.Message); err != nil {
				return nil, err
			}
			return end.Response, nil
		case <-ctx.Done():
			_ = s.send(&pb.MembersDown{Member: id, Frame: &pb.MembersDown_Cancel{Cancel: &pb.MemberCancel{}}})
			return nil, status.FromContextError(ctx.Err()).Err()
		case <-s.done:
			return nil, s.err
		}
	}
}

// sendError is the error of a frame the stream would not take: the
// stream's own error once it broke.
func (s *memberStream) sendError(err error) error {
	if errors.Is(err, io.EOF) {
		<-s.done
		return s.err
	}
	return err
}

// memberLink is an agent client's member stream, opened on the first
// member and again after it broke.
type memberLink struct {
	mu  sync.Mutex
	cur *memberStream
}

// stream returns the live member stream, opening one if there is none.
func (l *memberLink) stream(client pb.AgentClient) (*memberStream, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.cur == nil || l.cur.broken() {
		s, err := openMemberStream(client)
		if err != nil {
			return nil, protocol.CallError("agent member stream", err)
		}
		l.cur = s
	}
	return l.cur, nil
}
