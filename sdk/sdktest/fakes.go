package sdktest

import (
	"context"
	"fmt"
	"sync"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// AgentHost is a declarative fake [agent.Host]: set the function fields a
// test needs; unset ones answer with a plain default. It records every call.
type AgentHost struct {
	GenerateFunc func(context.Context, agent.GenerateRequest) (agent.GenerateResponse, error)
	CallToolFunc func(context.Context, model.ToolCall) (agent.ToolResult, error)
	SubmitFunc   func(context.Context, string) (agent.Verdict, error)
	Tools        []model.ToolInfo
	// BudgetValue is what Budget answers (the zero Budget: no cap).
	BudgetValue agent.Budget
	// Notices are what TakeNotice hands out, one per call, then nil.
	Notices []model.Message

	mu    sync.Mutex
	calls []string
}

// Calls returns the names of the calls made so far, in order.
func (h *AgentHost) Calls() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.calls...)
}

func (h *AgentHost) record(call string) {
	h.mu.Lock()
	h.calls = append(h.calls, call)
	h.mu.Unlock()
}

// Generate calls GenerateFunc, or answers "ok".
func (h *AgentHost) Generate(ctx context.Context, req agent.GenerateRequest) (agent.GenerateResponse, error) {
	h.record("generate")
	if h.GenerateFunc != nil {
		return h.GenerateFunc(ctx, req)
	}
	return agent.GenerateResponse{Output: model.TextOutput("fake", "ok")}, nil
}

// ListTools returns Tools.
func (h *AgentHost) ListTools(context.Context) ([]model.ToolInfo, error) {
	h.record("list_tools")
	return h.Tools, nil
}

// CallTool calls CallToolFunc, or fails with "unknown tool".
func (h *AgentHost) CallTool(ctx context.Context, call model.ToolCall) (agent.ToolResult, error) {
	h.record("call_tool:" + call.Function)
	if h.CallToolFunc != nil {
		return h.CallToolFunc(ctx, call)
	}
	return agent.ToolResult{Error: &model.ToolError{Type: "unknown", Message: "unknown tool " + call.Function}}, nil
}

// Submit calls SubmitFunc, or answers "not checked".
func (h *AgentHost) Submit(ctx context.Context, answer string) (agent.Verdict, error) {
	h.record("submit")
	if h.SubmitFunc != nil {
		return h.SubmitFunc(ctx, answer)
	}
	return agent.Verdict{}, nil
}

// Log records the call.
func (h *AgentHost) Log(context.Context, string, string, map[string]any) error {
	h.record("log")
	return nil
}

// Budget answers BudgetValue (agent.BudgetReader).
func (h *AgentHost) Budget(context.Context) (agent.Budget, error) {
	h.record("budget")
	return h.BudgetValue, nil
}

// StopSelf records "stop_self" (agent.SelfStopper).
func (h *AgentHost) StopSelf(context.Context, string) error {
	h.record("stop_self")
	return nil
}

// TakeNotice hands out the next of Notices, or nil (agent.NoticeTaker).
func (h *AgentHost) TakeNotice(context.Context) (*model.Message, error) {
	h.record("take_notice")
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.Notices) == 0 {
		return nil, nil
	}
	msg := h.Notices[0]
	h.Notices = h.Notices[1:]
	return &msg, nil
}

// ScorerHost is a fake [scorer.Host] over in-memory files: Files maps a
// sandbox name to its files (path → content). Exec calls ExecFunc.
type ScorerHost struct {
	Files    map[string]map[string]string
	ExecFunc func(context.Context, scorer.ExecRequest) (scorer.ExecResult, error)
}

// ReadFile returns a file from Files.
func (h *ScorerHost) ReadFile(_ context.Context, sandbox, path string) ([]byte, error) {
	content, ok := h.Files[sandbox][path]
	if !ok {
		return nil, fmt.Errorf("no file %q in sandbox %q", path, sandbox)
	}
	return []byte(content), nil
}

// ListFiles lists every file of a sandbox.
func (h *ScorerHost) ListFiles(_ context.Context, sandbox, _ string) ([]string, error) {
	var out []string
	for p := range h.Files[sandbox] {
		out = append(out, p)
	}
	return out, nil
}

// Exec calls ExecFunc, or fails.
func (h *ScorerHost) Exec(ctx context.Context, req scorer.ExecRequest) (scorer.ExecResult, error) {
	if h.ExecFunc == nil {
		return scorer.ExecResult{}, fmt.Errorf("exec not faked")
	}
	return h.ExecFunc(ctx, req)
}

// Interface guards.
var (
	_ agent.Host         = (*AgentHost)(nil)
	_ agent.BudgetReader = (*AgentHost)(nil)
	_ scorer.Host        = (*ScorerHost)(nil)
)
