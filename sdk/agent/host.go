package agent

import (
	"context"
	"errors"

	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// Host is the member's narrow API into the host, implemented by the SDK's RPC
// layer (and by fakes in tests). The host binds the member's identity to the
// connection; nothing here can name another member.
type Host interface {
	// Generate makes one model call, metered and budget-checked by the host.
	Generate(ctx context.Context, req GenerateRequest) (GenerateResponse, error)
	// ListTools returns the tools the host offers this member.
	ListTools(ctx context.Context) ([]model.ToolInfo, error)
	// CallTool runs one tool call in the member's sandbox or channels.
	CallTool(ctx context.Context, call model.ToolCall) (ToolResult, error)
	// Submit checks a candidate answer in the member's loop (a gate check).
	// It does not end the member; returning from Run does.
	Submit(ctx context.Context, answer string) (Verdict, error)
	// Log writes a line to the host's log under the member's name.
	Log(ctx context.Context, level, message string, fields map[string]any) error
	// Budget reads the swarm's budget as this member sees it.
	Budget(ctx context.Context) (Budget, error)
}

// GenerateRequest is one model call.
type GenerateRequest struct {
	Messages []model.Message
	Tools    []model.ToolInfo
	// ToolChoice is "auto" (default), "none", "any" or a tool name.
	ToolChoice string
	// Config overrides the model's generate config for this call
	// (temperature, max_tokens, seed, ...).
	Config map[string]any
}

// GenerateResponse carries the model's output.
type GenerateResponse struct {
	Output model.Output
}

// ToolResult is what a tool call returned.
type ToolResult struct {
	Content string
	// Error is set when the tool failed; Content may still hold output.
	Error *model.ToolError
}

// Verdict is the gate's answer to Submit.
type Verdict struct {
	// Checked is false when gate checks are off for this task.
	Checked bool
	// Passed is true when the score is 1.0 under the default value-to-float.
	Passed bool
	Score  scorer.Score
}

// ErrRefused matches (with errors.Is) every refusal of a host call.
var ErrRefused = errors.New("agent: call refused by host")

// RefusedError says why the host refused a call.
type RefusedError struct {
	// Cause is the member's status-to-be, e.g. "stopped", "share",
	// "member_limit:token", "swarm_cap".
	Cause string
}

func (e *RefusedError) Error() string { return "agent: call refused by host: " + e.Cause }

// Is makes errors.Is(err, ErrRefused) true.
func (e *RefusedError) Is(target error) bool { return target == ErrRefused }
