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
		pending: map[uint64]chan *pb.HostReply{}, done: make(chan struct{})}
	defer close(p.done)
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

// pluginStream is the plugin's end of one member stream.
type pluginStream struct {
	stream pb.Agent_MembersServer
	cat    *catalog[agent.Agent]
	sendMu sync.Mutex

	mu       sync.Mutex
	members  map[uint64]context.CancelFunc // running members, by id
	pending  map[uint64]chan *pb.HostReply // host calls awaiting a reply, by id
	nextCall uint64
	done     chan struct{} // closed when the stream ends
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
		ch := p.pending[fr.Reply.Call]
		delete(p.pending, fr.Reply.Call)
		p.mu.Unlock()
		if ch != nil {
			ch <- fr.Reply // cap 1, one reply per call
		}
	}
}

// run runs one member and sends its end; a response the stream refuses
// (over gRPC's message limit) is sent as the member's error.
func (p *pluginStream) run(ctx context.Context, id uint64, req *pb.RunRequest) {
	defer p.drop(id)
	end := p.runMember(ctx, id, req)
	err := p.send(&pb.MembersUp{Member: id, Frame: &pb.MembersUp_End{End: end}})
	if status.Code(err) == codes.ResourceExhausted {
		end = &pb.MemberEnd{}
		end.Code, end.Message = statusFields(err)
		_ = p.send(&pb.MembersUp{Member: id, Frame: &pb.MembersUp_End{End: end}})
	}
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

// send writes one frame; gRPC allows one sender at a time.
func (p *pluginStream) send(f *pb.MembersUp) error {
	p.sendMu.Lock()
	defer p.sendMu.Unlock()
	return p.stream.Send(f)
}

// call makes one host call on the stream and waits for its reply, its
// context or the stream's end. A request over MaxHostCallBytes is refused
// here, as the host would refuse it.
func (p *pluginStream) call(ctx context.Context, member uint64, method string, args, reply proto.Message) error {
	req, err := proto.Marshal(args)
	if err != nil {
		return status.Errorf(codes.Internal, "grpc: error while marshaling: %v", err)
	}
	if len(req) > MaxHostCallBytes {
		return status.Errorf(codes.ResourceExhausted, "grpc: trying to send message larger than max (%d vs. %d)",
			len(req), MaxHostCallBytes)
	}
	ch := make(chan *pb.HostReply, 1)
	p.mu.Lock()
	p.nextCall++
	id := p.nextCall
	p.pending[id] = ch
	p.mu.Unlock()
	frame := &pb.MembersUp{Member: member, Frame: &pb.MembersUp_Call{Call: &pb.HostCall{Call: id, Method: method, Request: req}}}
	if err := p.send(frame); err != nil {
		p.forget(id)
		return status.Errorf(codes.Unavailable, "the member stream to the host: %v", err)
	}
	select {
	case r := <-ch:
		if err := frameError(r.Code, r.Message); err != nil {
			return err
		}
		return proto.Unmarshal(r.Response, reply)
	case <-ctx.Done():
		if p.forget(id) {
			_ = p.send(&pb.MembersUp{Member: member, Frame: &pb.MembersUp_CancelCall{CancelCall: id}})
		}
		return status.FromContextError(ctx.Err()).Err()
	case <-p.done:
		return status.Error(codes.Unavailable, "the host closed the member stream")
	}
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

// runRequestFromProto is the member's RunRequest with host as its Host.
func runRequestFromProto(req *pb.RunRequest, host agent.Host) agent.RunRequest {
	return agent.RunRequest{
		Member: req.Member, Role: req.Role, Index: int(req.Index),
		Input: wire.MessagesFromProto(req.Input), Preamble: req.Preamble,
		Config: wire.ConfigFromProto(req.ConfigJson), Sample: wire.SampleRefFromProto(req.Sample),
		Host: host,
	}
}
