package hostside

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// probe is an agent whose Run is the test's function.
type probe struct {
	run func(ctx context.Context, req agent.RunRequest, resp *agent.RunResponse) error
}

func (probe) Metadata(_ context.Context, _ agent.MetadataRequest, resp *agent.MetadataResponse) {
	resp.Name, resp.Capabilities = "probe", []string{"own"}
}

func (p probe) Run(ctx context.Context, req agent.RunRequest, resp *agent.RunResponse) error {
	return p.run(ctx, req, resp)
}

// servedProbe serves a probe running run in-process over a real gRPC
// connection and broker, and returns the host's client of it.
func servedProbe(t *testing.T, run func(context.Context, agent.RunRequest, *agent.RunResponse) error) *agentClient {
	t.Helper()
	return InProcess(t, Plugins{Agents: []agent.Agent{probe{run: run}}}).agents
}

// recordingHost is an agent.Host with every optional part, recording the
// calls that reach it. Its hooks, when set, replace a call's answer.
type recordingHost struct {
	mu       sync.Mutex
	calls    []string
	generate func(ctx context.Context, req agent.GenerateRequest) (agent.GenerateResponse, error)
	callTool func(ctx context.Context, call model.ToolCall) (agent.ToolResult, error)
}

func (h *recordingHost) record(format string, args ...any) {
	h.mu.Lock()
	h.calls = append(h.calls, fmt.Sprintf(format, args...))
	h.mu.Unlock()
}

// Calls returns the calls so far.
func (h *recordingHost) Calls() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.calls...)
}

func (h *recordingHost) Generate(ctx context.Context, req agent.GenerateRequest) (agent.GenerateResponse, error) {
	h.record("generate %d", len(req.Messages))
	if h.generate != nil {
		return h.generate(ctx, req)
	}
	return agent.GenerateResponse{Output: model.TextOutput("m", "said "+req.Messages[len(req.Messages)-1].Content)}, nil
}

func (h *recordingHost) ListTools(context.Context) ([]model.ToolInfo, error) {
	h.record("list tools")
	return []model.ToolInfo{{Name: "t", Description: "a tool"}}, nil
}

func (h *recordingHost) CallTool(ctx context.Context, call model.ToolCall) (agent.ToolResult, error) {
	h.record("tool %s", call.Function)
	if h.callTool != nil {
		return h.callTool(ctx, call)
	}
	if call.Function == "refused" {
		return agent.ToolResult{}, &agent.RefusedError{Cause: "stopped"}
	}
	return agent.ToolResult{Content: "ran " + call.Function}, nil
}

func (h *recordingHost) Submit(_ context.Context, answer string) (agent.Verdict, error) {
	h.record("submit %s", answer)
	return agent.Verdict{Checked: true, Passed: answer == "right"}, nil
}

func (h *recordingHost) Log(_ context.Context, level, message string, _ map[string]any) error {
	h.record("log %s %s", level, message)
	return nil
}

func (h *recordingHost) Budget(context.Context) (agent.Budget, error) {
	h.record("budget")
	return agent.Budget{Split: "pool", Tokens: &agent.BudgetUsage{Cap: 100, Used: 7}}, nil
}

func (h *recordingHost) StopSelf(_ context.Context, reason string) error {
	h.record("stop self %s", reason)
	return nil
}

func (h *recordingHost) RecordTool(_ context.Context, call model.ToolCall, res agent.ToolResult) error {
	h.record("record %s %s", call.Function, res.Content)
	return nil
}

// Interface guards.
var (
	_ agent.BudgetReader = (*recordingHost)(nil)
	_ agent.SelfStopper  = (*recordingHost)(nil)
	_ agent.ToolRecorder = (*recordingHost)(nil)
)
