package pluginside

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
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// Members serves the host's member stream: one goroutine per running
// member, whose host calls wait on a channel for their reply.
func (s *agentServer) Members(stream pb.Agent_MembersServer) error {
	p := &pluginStream{stream: stream, cat: s.cat, members: map[uint64]context.CancelFunc{},
		pending: map[uint64]*pendingCall{}, wake: make(chan struct{}, 1), done: make(chan struct{})}
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

	mu       sync.Mutex
	queue    []outFrame                    // frames for the writer, in order
	wake     chan struct{}                 // tells the writer of new frames (cap 1)
	members  map[uint64]context.CancelFunc // running members, by id
	pending  map[uint64]*pendingCall       // host calls awaiting a reply, by id
	nextCall uint64
	done     chan struct{} // closed when the stream ends
}

// outFrame is one frame for the writer; a call's request is marshalled
// there from args, or from what build returns (a step's call, converted
// only when its turn comes, so a queue of them holds references to the
// agents' own state, not copies), and a call the writer cannot send fails
// through its pendingCall.
type outFrame struct {
	frame *pb.MembersUp
	args  proto.Message
	build func() proto.Message
	call  *pendingCall
}

// pendingCall is a host call awaiting its reply, decoded into reply by
// the reader; finish is then called once with the call's error (nil on
// success), from the reader or the writer: it must not block.
type pendingCall struct {
	reply  proto.Message
	finish func(error)
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
			err := protocol.FrameError(fr.Reply.Code, fr.Reply.Message)
			if err == nil {
				err = proto.Unmarshal(fr.Reply.Response, c.reply)
			}
			c.finish(err)
		}
	}
}

// run runs one member: a [agent.Stepper]'s by steps (this goroutine ends
// after the first), any other agent's Run on this goroutine, with a Host
// whose calls travel on the stream.
func (p *pluginStream) run(ctx context.Context, id uint64, req *pb.RunRequest) {
	impl, err := p.cat.lookup(req.Plugin)
	if err != nil {
		p.end(id, endOf(err))
		return
	}
	run := wire.RunRequestFromProto(req, &agentHostClient{client: pb.NewAgentHostClient(&memberConn{p: p, member: id})})
	if st, ok := impl.(agent.Stepper); ok {
		p.startSteps(ctx, id, st, run)
		return
	}
	var resp agent.RunResponse
	if err := protocol.ServerGuard(func() error { return impl.Run(ctx, run, &resp) }); err != nil {
		p.end(id, endOf(err))
		return
	}
	p.end(id, outputEnd(resp.Output))
}

// end sends a member's end and forgets it.
func (p *pluginStream) end(id uint64, end *pb.MemberEnd) {
	p.send(outFrame{frame: &pb.MembersUp{Member: id, Frame: &pb.MembersUp_End{End: end}}})
	p.drop(id)
}

// outputEnd is the end of a member that returned out.
func outputEnd(out model.Output) *pb.MemberEnd {
	return &pb.MemberEnd{Response: &pb.RunResponse{Output: wire.OutputToProto(out)}}
}

// endOf is the end of a member whose Run failed.
func endOf(err error) *pb.MemberEnd {
	end := &pb.MemberEnd{}
	end.Code, end.Message = protocol.StatusFields(err)
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

// send queues one frame for the writer without waiting; false once the
// stream ended. The queue needs no bound: every frame is a member's end,
// or a call (or its withdrawal) that the member waits on, so it holds at
// most a few frames per member, far less than a goroutine waiting to send
// would hold. The stream's flow control holds back the writer.
func (p *pluginStream) send(o outFrame) bool {
	select {
	case <-p.done:
		return false
	default:
	}
	p.mu.Lock()
	p.queue = append(p.queue, o)
	p.mu.Unlock()
	select {
	case p.wake <- struct{}{}:
	default:
	}
	return true
}

// write sends the queued frames until the stream ends.
func (p *pluginStream) write() {
	var batch []outFrame
	for {
		p.mu.Lock()
		batch, p.queue = p.queue, batch[:0]
		p.mu.Unlock()
		for i, o := range batch {
			p.writeOne(o)
			batch[i] = outFrame{}
		}
		if len(batch) > 0 {
			continue
		}
		select {
		case <-p.wake:
		case <-p.done:
			return
		}
	}
}

// writeOne marshals a call's request and sends the frame. A request over
// protocol.MaxHostCallBytes fails its call here, as the host would refuse it; a
// member's end that gRPC refuses (over its message limit) is sent as the
// member's error.
func (p *pluginStream) writeOne(o outFrame) {
	if o.call != nil && !p.isPending(o.frame.GetCall().GetCall()) {
		return // withdrawn before it was sent
	}
	if o.build != nil {
		o.args = o.build()
	}
	if o.args != nil {
		req, err := proto.Marshal(o.args)
		if err == nil && len(req) > protocol.MaxHostCallBytes {
			err = status.Errorf(codes.ResourceExhausted, "grpc: trying to send message larger than max (%d vs. %d)",
				len(req), protocol.MaxHostCallBytes)
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
		c.finish(err)
	}
}

// call makes one host call on the stream and waits for its reply, its
// context or the stream's end.
func (p *pluginStream) call(ctx context.Context, member uint64, method string, args, reply proto.Message) error {
	done := make(chan error, 1)
	id, ok := p.startCall(member, method, args, &pendingCall{reply: reply, finish: func(err error) { done <- err }})
	if !ok {
		return errHostGone
	}
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		p.withdraw(member, id)
		return status.FromContextError(ctx.Err()).Err()
	case <-p.done:
		return errHostGone
	}
}

// startCall registers c and queues its frame; false (c forgotten) once
// the stream ended.
func (p *pluginStream) startCall(member uint64, method string, args proto.Message, c *pendingCall) (uint64, bool) {
	id := p.register(c)
	return id, p.queueCall(outFrame{args: args, call: c}, member, id, method)
}

// register records a pending call under a fresh id.
func (p *pluginStream) register(c *pendingCall) uint64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.nextCall++
	p.pending[p.nextCall] = c
	return p.nextCall
}

// queueCall queues a registered call's frame (o with its request); false
// (the call forgotten) once the stream ended.
func (p *pluginStream) queueCall(o outFrame, member, id uint64, method string) bool {
	o.frame = &pb.MembersUp{Member: member, Frame: &pb.MembersUp_Call{Call: &pb.HostCall{Call: id, Method: method}}}
	if !p.send(o) {
		return !p.forget(id)
	}
	return true
}

// withdraw forgets a call whose context ended and tells the host; false
// when its answer came first.
func (p *pluginStream) withdraw(member, id uint64) bool {
	if !p.forget(id) {
		return false
	}
	p.send(outFrame{frame: &pb.MembersUp{Member: member, Frame: &pb.MembersUp_CancelCall{CancelCall: id}}})
	return true
}

// errHostGone is a host call's error once the stream ended.
var errHostGone = status.Error(codes.Unavailable, "the host closed the member stream")

// isPending reports whether a call still awaits its answer.
func (p *pluginStream) isPending(id uint64) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	_, ok := p.pending[id]
	return ok
}

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
