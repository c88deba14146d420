package agent_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/sdktest"
)

// StepShout is Shout as steps (agent.Stepper): a member waiting on the
// host costs the plugin only a shoutMember, not a goroutine.
type StepShout struct{}

// Metadata names the plugin; it has no config.
func (StepShout) Metadata(_ context.Context, _ agent.MetadataRequest, resp *agent.MetadataResponse) {
	resp.Name = "step-shout"
	resp.Version = "1.0.0"
}

// StartMember keeps what the member needs between its steps.
func (StepShout) StartMember(_ context.Context, req agent.RunRequest) (agent.Member, error) {
	messages := append([]model.Message{{Role: model.RoleSystem, Content: req.Preamble}}, req.Input...)
	return &shoutMember{messages: messages}, nil
}

// Run is the same member with blocking calls, for hosts that call Run.
func (s StepShout) Run(ctx context.Context, req agent.RunRequest, resp *agent.RunResponse) error {
	m, err := s.StartMember(ctx, req)
	if err != nil {
		return err
	}
	resp.Output, err = agent.RunSteps(ctx, req.Host, m)
	return err
}

// shoutMember is one member between its steps: its conversation, how far
// it got, and the model's answer once it came.
type shoutMember struct {
	messages      []model.Message
	stage         int
	model, answer string
}

// Step asks the model, then submits its reply in capitals, then ends.
func (m *shoutMember) Step(_ context.Context, a agent.Answer) (agent.Call, error) {
	if a.Err != nil {
		return agent.Call{}, a.Err // a refusal too: end at once
	}
	m.stage++
	switch m.stage {
	case 1:
		return agent.Call{Generate: &agent.GenerateRequest{Messages: m.messages}}, nil
	case 2:
		m.model, m.answer = a.Generate.Output.Model, strings.ToUpper(a.Generate.Output.Completion)
		return agent.Call{Submit: &m.answer}, nil
	}
	return agent.Call{Done: &agent.RunResponse{Output: model.TextOutput(m.model, m.answer)}}, nil
}

var (
	_ agent.Agent   = StepShout{}
	_ agent.Stepper = StepShout{}
)

// A Stepper run through the real gRPC layer with sdktest: the SDK drives
// its steps on the member stream, as in a plugin process.
func Example_steps() {
	t := &exampleT{}
	defer t.close()

	a := sdktest.Agent(t, StepShout{})
	host := &sdktest.AgentHost{
		GenerateFunc: func(_ context.Context, req agent.GenerateRequest) (agent.GenerateResponse, error) {
			last := req.Messages[len(req.Messages)-1]
			return agent.GenerateResponse{Output: model.TextOutput("mockllm/model", "you said "+last.Content)}, nil
		},
	}
	var resp agent.RunResponse
	err := a.Run(context.Background(), agent.RunRequest{
		Member: "step-shout-1", Index: 1, Preamble: "You are step-shout-1.",
		Input: []model.Message{{Role: model.RoleUser, Content: "hello"}}, Host: host,
	}, &resp)
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Println(resp.Output.Completion)
	fmt.Println(host.Calls())
	// Output:
	// YOU SAID HELLO
	// [generate submit]
}
