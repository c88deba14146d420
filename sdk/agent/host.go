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

// SelfStopper is the optional part of a Host through which an agent stops
// itself. Agents call it through [StopSelf]; the Host the SDK hands a
// member has it, a test's fake Host may not.
type SelfStopper interface {
	// StopSelf ends the member by its own decision: its status becomes
	// "member_limit:custom" whatever Run then returns (unless the host had
	// already refused a call for another cause), later calls are refused,
	// and the swarm never chooses its output. Its siblings go on.
	StopSelf(ctx context.Context, reason string) error
}

// ErrStopSelfUnsupported is StopSelf's error for a host without the call.
var ErrStopSelfUnsupported = errors.New("agent: the host cannot stop a member by its own decision")

// StopSelf tells the host that the member stops itself — the Go form of
// Inspect Swarm's agent raising a sourceless custom LimitExceededError —
// with reason for the host's log. The agent then returns from Run; its
// output is never the answer. A Host without the call (a test's fake)
// yields ErrStopSelfUnsupported.
func StopSelf(ctx context.Context, h Host, reason string) error {
	s, ok := h.(SelfStopper)
	if !ok {
		return ErrStopSelfUnsupported
	}
	return s.StopSelf(ctx, reason)
}

// ToolRecorder is the optional part of a Host that logs a tool call the
// agent ran itself rather than through CallTool: an Inspect agent's own
// submit tool, say. The host logs it as a tool event in the member's span
// and counts it as it counts its own. The Host the SDK hands a member has
// it, a test's fake Host may not.
type ToolRecorder interface {
	// RecordTool logs one finished tool call and what it returned.
	RecordTool(ctx context.Context, call model.ToolCall, res ToolResult) error
}

// ErrRecordToolUnsupported is RecordTool's error for a host without the call.
var ErrRecordToolUnsupported = errors.New("agent: the host cannot record an agent's own tool calls")

// RecordTool tells the host about a tool call the agent ran itself. A Host
// without the call (a test's fake) yields ErrRecordToolUnsupported.
func RecordTool(ctx context.Context, h Host, call model.ToolCall, res ToolResult) error {
	r, ok := h.(ToolRecorder)
	if !ok {
		return ErrRecordToolUnsupported
	}
	return r.RecordTool(ctx, call, res)
}
