package main

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/schema"
	"github.com/swarmhost/swarmhost/sdk/sdktest"
)

// step is one scripted model answer: an output, or an error.
type step struct {
	out model.Output
	err error
}

func text(s string) step { return step{out: model.TextOutput("mock", s)} }

func call(id, fn string, args map[string]any) step {
	out := model.TextOutput("mock", "")
	out.Message.ToolCalls = []model.ToolCall{{ID: id, Function: fn, Arguments: args}}
	out.StopReason = "tool_calls"
	return step{out: out}
}

func submit(id, answer string) step { return call(id, "submit", map[string]any{"answer": answer}) }

func stop(reason string) step {
	s := text("…")
	s.out.StopReason = reason
	return s
}

// script is a fake model: it answers the steps in turn and records the
// requests; past the last step it refuses, as a stopping host would.
type script struct {
	mu    sync.Mutex
	steps []step
	reqs  []agent.GenerateRequest
}

func (s *script) generate(_ context.Context, req agent.GenerateRequest) (agent.GenerateResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reqs = append(s.reqs, req)
	if len(s.steps) == 0 {
		return agent.GenerateResponse{}, &agent.RefusedError{Cause: "stopped"}
	}
	st := s.steps[0]
	s.steps = s.steps[1:]
	return agent.GenerateResponse{Output: st.out}, st.err
}

func (s *script) requests() []agent.GenerateRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]agent.GenerateRequest(nil), s.reqs...)
}

// config is the schema's defaults with overrides, as the host decodes it.
func config(t *testing.T, overrides map[string]any) schema.Config {
	t.Helper()
	cfg := map[string]any{}
	for _, a := range configSchema.Attributes {
		cfg[a.Name] = a.Default
	}
	for k, v := range overrides {
		cfg[k] = v
	}
	b, err := json.Marshal(cfg)
	require.NoError(t, err)
	return schema.NewConfig(b)
}

// runReact runs the agent through the real gRPC layer against host.
func runReact(t *testing.T, host *sdktest.AgentHost, overrides map[string]any) (model.Output, error) {
	t.Helper()
	a := sdktest.Agent(t, &React{})
	var resp agent.RunResponse
	err := a.Run(context.Background(), agent.RunRequest{Member: "react-1", Preamble: "You are react-1.",
		Input:  []model.Message{{Role: "user", Content: "What is 2+2?"}, {Role: "user", Content: "You are react-1."}},
		Config: config(t, overrides), Host: host}, &resp)
	return resp.Output, err
}

var errBoom = errors.New("http 500: boom")

var bashInfo = model.ToolInfo{Name: "bash", Description: "run bash",
	Parameters: json.RawMessage(`{"type":"object","properties":{"command":{"type":"string"}}}`)}
