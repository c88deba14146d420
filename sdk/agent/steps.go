package agent

import (
	"context"
	"math"
	"time"

	"github.com/swarmhost/swarmhost/sdk/model"
)

// Stepper is an optional interface for agents whose members should cost
// the plugin only their own state while they wait on the host: no
// goroutine, no stack. The SDK starts each member with StartMember and
// then calls the member's Step with the answer to each host call it asks
// for; between steps the member is a value in memory. Agents with it
// still implement Run (usually as [RunSteps]), which hosts without the
// member stream and in-process tests call.
//
// It matters at scale: a member blocked in Run holds a goroutine whose
// stack is as deep as the agent's deepest call (8–16 KiB), which for
// 10 000 members is most of the plugin's memory.
type Stepper interface {
	// StartMember begins one member; req is as for Run (its Host is the
	// SDK's and is not needed: steps ask for host calls instead).
	StartMember(ctx context.Context, req RunRequest) (Member, error)
}

// Member is one member run as a sequence of steps.
type Member interface {
	// Step is called first with the zero Answer, then with the answer to
	// each call it returned. It returns the member's next call, or a
	// Call with Done set to end the member; an error ends the member as
	// an error from Run does. Step must not block: waiting is a call
	// (Sleep). Steps of one member never run concurrently, and what a
	// call refers to (a request's messages) must stay unchanged until
	// its answer: the SDK may read it only when it sends the call.
	Step(ctx context.Context, a Answer) (Call, error)
}

// Call is a member's next step: exactly one field set.
type Call struct {
	// Generate, Tool, Submit and StopSelf are the host calls of the same
	// names ([Host.Generate], [Host.CallTool], [Host.Submit],
	// [StopSelf]); TakeNotice is [TakeNotice].
	Generate   *GenerateRequest
	Tool       *model.ToolCall
	Submit     *string
	StopSelf   *string
	TakeNotice bool
	// Sleep waits this long, or until the member's context ends (then
	// the answer's Err is the context's error); [Forever] waits for the
	// context alone.
	Sleep time.Duration
	// Done ends the member with this response, as Run returning does.
	Done *RunResponse
}

// Forever is the Sleep of a member that waits for its context to end.
const Forever time.Duration = math.MaxInt64

// Answer is what the member's last call returned: Err, and the field of
// its kind (Generate, Tool, Verdict or Notice); nothing for a Sleep or
// StopSelf beyond Err.
type Answer struct {
	Generate GenerateResponse
	Tool     ToolResult
	Verdict  Verdict
	// Notice is TakeNotice's answer: the member's notice, nil for none.
	Notice *model.Message
	Err    error
}

// RunSteps runs a member to its end with blocking calls on h: the Run of a
// Stepper agent, for hosts that call Run.
func RunSteps(ctx context.Context, h Host, m Member) (model.Output, error) {
	var a Answer
	for {
		call, err := m.Step(ctx, a)
		if err != nil {
			return model.Output{}, err
		}
		if call.Done != nil {
			return call.Done.Output, nil
		}
		a = blockingCall(ctx, h, call)
	}
}

// blockingCall makes one call on h and returns its answer.
func blockingCall(ctx context.Context, h Host, c Call) Answer {
	var a Answer
	switch {
	case c.Generate != nil:
		a.Generate, a.Err = h.Generate(ctx, *c.Generate)
	case c.Tool != nil:
		a.Tool, a.Err = h.CallTool(ctx, *c.Tool)
	case c.Submit != nil:
		a.Verdict, a.Err = h.Submit(ctx, *c.Submit)
	case c.StopSelf != nil:
		a.Err = StopSelf(ctx, h, *c.StopSelf)
	case c.TakeNotice:
		a.Notice, a.Err = TakeNotice(ctx, h)
	default:
		a.Err = sleep(ctx, c.Sleep)
	}
	return a
}

// sleep waits d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
