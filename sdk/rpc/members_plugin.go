package rpc

import (
	"context"
	"errors"
	"io"
	"sync"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/swarmhost/swarmhost/sdk/agent"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
)

// Members serves the host's member stream: one goroutine per running
// member, whose host calls wait on a channel for their reply.
func (s *agentServer) Members(stream pb.Agent_MembersServer) error {
	p := &pluginStream{stream: stream, cat: s.cat, members: map[uint64]context.CancelFunc{},
		pending: map[uint64]*pendingCall{}, out: make(chan outFrame, outQueue), done: make(chan struct{})}
	defer close(p.done)
	go p.write()
	for {
		f, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		p.route(f)
	}
}

// pluginStream is the plugin's end of one member stream. The protobuf and
// gRPC work of a member's calls (marshalling its requests, sending,
// decoding its replies) runs on the stream's writer and reader, not on the
// member's goroutine, whose stack then stays as deep as the agent's own
// code.
type pluginStream struct {
	stream pb.Agent_MembersServer
	cat    *catalog[agent.Agent]
	out    chan outFrame // to the writer

	mu       sync.Mutex
	members  map[uint64]context.CancelFunc // running members, by id
	pending  map[uint64]*pendingCall       // host calls awaiting a reply, by id
	nextCall uint64
	done     chan struct{} // closed when the stream ends
}

// outQueue is how many frames may wait for the writer before members
// sending more wait too (the stream's flow control reaches them so).
const outQueue = 64

// outFrame is one frame for the writer; a call's request is marshalled
// there from args, and a call the writer cannot send fails through its
// pendingCall.
type outFrame struct {
	frame *pb.MembersUp
	args  proto.Message
	call  *pendingCall
}

// pendingCall is a host call awaiting its reply, decoded into reply by
// the reader; done receives the call's error (nil on success).
type pendingCall struct {
	reply proto.Message
	done  chan error
}

// route hands one host frame on without blocking.
func (p *pluginStream) route(f *pb.MembersDown) {
	switch fr := f.Frame.(type) {
	case *pb.MembersDown_Start:
		ctx, cancel := context.WithCancel(p.stream.Context())
		p.mu.Lock()
		p.members[f.Member] = cancel
		p.mu.Unlock()
		go p.run(ctx, f.Member, fr.Start)
	case *pb.MembersDown_Cancel:
		p.mu.Lock()
		cancel := p.members[f.Member]
		p.mu.Unlock()
		if cancel != nil {
			cancel()
		}
	case *pb.MembersDown_Reply:
		p.mu.Lock()
		c := p.pending[fr.Reply.Call]
		delete(p.pending, fr.Reply.Call)
		p.mu.Unlock()
		if c != nil {
			err := frameError(fr.Reply.Code, fr.Reply.Message)
			if err == nil {
				err = proto.Unmarshal(fr.Reply.Response, c.reply)
			}
			c.done <- err // cap 1, one answer per call
		}
	}
}

// run runs one member and sends its end.
func (p *pluginStream) run(ctx context.Context, id uint64, req *pb.RunRequest) {
	defer p.drop(id)
	end := p.runMember(ctx, id, req)
	p.send(outFrame{frame: &pb.MembersUp{Member: id, Frame: &pb.MembersUp_End{End: end}}})
}

// runMember calls the agent's Run with a Host whose calls travel on the
// stream.
func (p *pluginStream) runMember(ctx context.Context, id uint64, req *pb.RunRequest) *pb.MemberEnd {
	impl, err := p.cat.lookup(req.Plugin)
	if err != nil {
		return endOf(err)
	}
	host := &agentHostClient{client: pb.NewAgentHostClient(&memberConn{p: p, member: id})}
	run := runRequestFromProto(req, host)
	var resp agent.RunResponse
	if err := guard(func() error { return impl.Run(ctx, run, &resp) }); err != nil {
		return endOf(err)
	}
	return &pb.MemberEnd{Response: &pb.RunResponse{Output: wire.OutputToProto(resp.Output)}}
}

// endOf is the end of a member whose Run failed.
func endOf(err error) *pb.MemberEnd {
	end := &pb.MemberEnd{}
	end.Code, end.Message = statusFields(err)
	return end
}

// drop forgets a member that ended and cancels its context.
func (p *pluginStream) drop(id uint64) {
	p.mu.Lock()
	cancel := p.members[id]
	delete(p.members, id)
	p.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// send queues one frame for the writer; false once the stream ended.
func (p *pluginStream) send(o outFrame) bool {
	select {
	case p.out <- o:
		return true
	case <-p.done:
		return false
	}
}

// write sends the queued frames until the stream ends.
func (p *pluginStream) write() {
	for {
		select {
		case o := <-p.out:
			p.writeOne(o)
		case <-p.done:
			return
		}
	}
}

// writeOne marshals a call's request and sends the frame. A request over
// MaxHostCallBytes fails its call here, as the host would refuse it; a
// member's end that gRPC refuses (over its message limit) is sent as the
// member's error.
func (p *pluginStream) writeOne(o outFrame) {
	if o.args != nil {
		req, err := proto.Marshal(o.args)
		if err == nil && len(req) > MaxHostCallBytes {
			err = status.Errorf(codes.ResourceExhausted, "grpc: trying to send message larger than max (%d vs. %d)",
				len(req), MaxHostCallBytes)
		}
		if err != nil {
			p.fail(o.frame.GetCall().GetCall(), err)
			return
		}
		o.frame.GetCall().Request = req
	}
	err := p.stream.Send(o.frame)
	switch {
	case err == nil:
	case o.call != nil:
		p.fail(o.frame.GetCall().GetCall(), status.Errorf(codes.Unavailable, "the member stream to the host: %v", err))
	case o.frame.GetEnd() != nil && status.Code(err) == codes.ResourceExhausted:
		_ = p.stream.Send(&pb.MembersUp{Member: o.frame.Member, Frame: &pb.MembersUp_End{End: endOf(err)}})
	}
}

// fail ends a pending call with err, unless it was answered or withdrawn.
func (p *pluginStream) fail(id uint64, err error) {
	p.mu.Lock()
	c := p.pending[id]
	delete(p.pending, id)
	p.mu.Unlock()
	if c != nil {
		c.done <- err
	}
}

// call makes one host call on the stream and waits for its reply, its
// context or the stream's end.
func (p *pluginStream) call(ctx context.Context, member uint64, method string, args, reply proto.Message) error {
	c := &pendingCall{reply: reply, done: make(chan error, 1)}
	p.mu.Lock()
	p.nextCall++
	id := p.nextCall
	p.pending[id] = c
	p.mu.Unlock()
	frame := &pb.MembersUp{Member: member, Frame: &pb.MembersUp_Call{Call: &pb.HostCall{Call: id, Method: method}}}
	if !p.send(outFrame{frame: frame, args: args, call: c}) {
		p.forget(id)
		return errHostGone
	}
	select {
	case err := <-c.done:
		return err
	case <-ctx.Done():
		if p.forget(id) {
			p.send(outFrame{frame: &pb.MembersUp{Member: member, Frame: &pb.MembersUp_CancelCall{CancelCall: id}}})
		}
		return status.FromContextError(ctx.Err()).Err()
	case <-p.done:
		return errHostGone
	}
}

// errHostGone is a host call's error once the stream ended.
var errHostGone = status.Error(codes.Unavailable, "the host closed the member stream")

// forget drops a pending call; false when its reply already came.
func (p *pluginStream) forget(id uint64) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	_, ok := p.pending[id]
	delete(p.pending, id)
	return ok
}

// memberConn is one member's AgentHost connection on the stream: the
// generated AgentHost client runs on it unchanged.
type memberConn struct {
	p      *pluginStream
	member uint64
}

// Invoke makes a unary host call on the stream.
func (c *memberConn) Invoke(ctx context.Context, method string, args, reply any, _ ...grpc.CallOption) error {
	return c.p.call(ctx, c.member, method, args.(proto.Message), reply.(proto.Message))
}

// NewStream is refused: AgentHost has no streaming method.
func (c *memberConn) NewStream(context.Context, *grpc.StreamDesc, string, ...grpc.CallOption) (grpc.ClientStream, error) {
	return nil, status.Error(codes.Unimplemented, "the member stream carries unary host calls only")
}

// runRequestFromProto is the member's RunRequest with host as its Host.
func runRequestFromProto(req *pb.RunRequest, host agent.Host) agent.RunRequest {
	return agent.RunRequest{
		Member: req.Member, Role: req.Role, Index: int(req.Index),
		Input: wire.MessagesFromProto(req.Input), Preamble: req.Preamble,
		Config: wire.ConfigFromProto(req.ConfigJson), Sample: wire.SampleRefFromProto(req.Sample),
		Host: host,
	}
}
