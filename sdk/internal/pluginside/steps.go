package pluginside

import (
	"context"
	"sync/atomic"
	"time"

	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/swarmhost/swarmhost/sdk/agent"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
)

// stepMember is a Stepper's member on the stream. Between steps it is
// this value and the agent's Member: no goroutine waits for it. Each step
// runs on a goroutine of its own that ends once the step's call is queued.
type stepMember struct {
	p   *pluginStream
	id  uint64
	ctx context.Context
	m   agent.Member
}

// startSteps begins a Stepper's member and runs its first step.
func (p *pluginStream) startSteps(ctx context.Context, id uint64, st agent.Stepper, run agent.RunRequest) {
	var m agent.Member
	err := protocol.ServerGuard(func() (err error) {
		m, err = st.StartMember(ctx, run)
		return err
	})
	if err != nil {
		p.end(id, endOf(err))
		return
	}
	(&stepMember{p: p, id: id, ctx: ctx, m: m}).advance(agent.Answer{})
}

// advance runs one step with a and starts what it asks for.
func (sm *stepMember) advance(a agent.Answer) {
	var c agent.Call
	err := protocol.ServerGuard(func() (err error) {
		c, err = sm.m.Step(sm.ctx, a)
		return err
	})
	switch {
	case err != nil:
		sm.p.end(sm.id, endOf(err))
	case c.Done != nil:
		sm.p.end(sm.id, outputEnd(c.Done.Output))
	case c.Generate != nil || c.Tool != nil || c.Submit != nil || c.StopSelf != nil:
		sm.call(c)
	default:
		sm.sleep(c.Sleep)
	}
}

// resume runs the next step on a goroutine of its own (the caller is the
// stream's reader, a timer or a context's AfterFunc).
func (sm *stepMember) resume(a agent.Answer) { go sm.advance(a) }

// call makes the step's host call; its answer (or its context's end)
// resumes the member.
func (sm *stepMember) call(c agent.Call) {
	method, reply := stepMethod(c)
	pc := &pendingCall{reply: reply}
	id := sm.p.register(pc)
	stop := context.AfterFunc(sm.ctx, func() {
		if sm.p.withdraw(sm.id, id) {
			sm.resume(stepAnswer(reply, status.FromContextError(sm.ctx.Err()).Err()))
		}
	})
	pc.finish = func(err error) {
		stop()
		sm.resume(stepAnswer(reply, err))
	}
	build := func() proto.Message { return stepRequest(c) }
	if !sm.p.queueCall(outFrame{build: build, call: pc}, sm.id, id, method) {
		stop()
		sm.resume(stepAnswer(reply, errHostGone))
	}
}

// sleep resumes the member after d, or when its context ends (at once
// for d ≤ 0 or a context already ended).
func (sm *stepMember) sleep(d time.Duration) {
	var once atomic.Bool
	wake := func(err error) {
		if once.CompareAndSwap(false, true) {
			sm.resume(agent.Answer{Err: err})
		}
	}
	if d <= 0 || sm.ctx.Err() != nil {
		wake(sm.ctx.Err())
		return
	}
	// the timer exists before the context's AfterFunc that stops it; the
	// timer stops that AfterFunc once it is registered (else it is
	// released when the member's context ends, which its end does)
	var timer *time.Timer
	var stopCtx atomic.Pointer[func() bool]
	if d != agent.Forever {
		timer = time.AfterFunc(d, func() {
			if stop := stopCtx.Load(); stop != nil {
				(*stop)()
			}
			wake(nil)
		})
	}
	stop := context.AfterFunc(sm.ctx, func() {
		if timer != nil {
			timer.Stop()
		}
		wake(sm.ctx.Err())
	})
	stopCtx.Store(&stop)
}

// stepMethod is a step's host method and an empty response for its
// reply.
func stepMethod(c agent.Call) (string, proto.Message) {
	switch {
	case c.Generate != nil:
		return pb.AgentHost_Generate_FullMethodName, &pb.GenerateResponse{}
	case c.Tool != nil:
		return pb.AgentHost_CallTool_FullMethodName, &pb.CallToolResponse{}
	case c.Submit != nil:
		return pb.AgentHost_Submit_FullMethodName, &pb.SubmitResponse{}
	}
	return pb.AgentHost_StopSelf_FullMethodName, &pb.StopSelfResponse{}
}

// stepRequest is a step's host call's request on the wire.
func stepRequest(c agent.Call) proto.Message {
	switch {
	case c.Generate != nil:
		return generateRequest("", *c.Generate)
	case c.Tool != nil:
		return &pb.CallToolRequest{Call: wire.ToolCallToProto(*c.Tool)}
	case c.Submit != nil:
		return &pb.SubmitRequest{Answer: *c.Submit}
	}
	return &pb.StopSelfRequest{Reason: *c.StopSelf}
}

// stepAnswer reads a step's reply as the blocking Host's call would
// return it.
func stepAnswer(reply proto.Message, err error) agent.Answer {
	var a agent.Answer
	switch r := reply.(type) {
	case *pb.GenerateResponse:
		if a.Err = callErrorOrNil("generate", err); a.Err == nil {
			a.Generate, a.Err = generateAnswer(r)
		}
	case *pb.CallToolResponse:
		if a.Err = callErrorOrNil("call tool", err); a.Err == nil {
			a.Tool, a.Err = toolAnswer(r)
		}
	case *pb.SubmitResponse:
		if a.Err = callErrorOrNil("submit", err); a.Err == nil {
			a.Verdict = verdictOf(r)
		}
	default:
		a.Err = callErrorOrNil("stop self", err)
	}
	return a
}

// callErrorOrNil is callError for a failed call, nil otherwise.
func callErrorOrNil(call string, err error) error {
	if err == nil {
		return nil
	}
	return protocol.CallError(call, err)
}
