package evallog

import (
	"encoding/json"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// ModelOutput is a model's answer (inspect_ai.model.ModelOutput). For a sample, Completion is the
// text scorers read; with no submission the swarm's output is empty (completion "").
type ModelOutput struct {
	Model      string                 `json:"model"`
	Choices    []ChatCompletionChoice `json:"choices"`
	Completion string                 `json:"completion"`
	Usage      *ModelUsage            `json:"usage,omitempty"`
	Time       *float64               `json:"time,omitempty"` // seconds
	Metadata   map[string]any         `json:"metadata,omitempty"`
	Error      string                 `json:"error,omitempty"`
}

// MarshalJSON writes choices as [] when nil.
func (o ModelOutput) MarshalJSON() ([]byte, error) {
	type plain ModelOutput
	o.Choices = emptySlice(o.Choices)
	return jsonenc.Marshal(plain(o))
}

// Stop reasons, the values of ChatCompletionChoice.StopReason.
const (
	StopReasonStop          = "stop"
	StopReasonMaxTokens     = "max_tokens"
	StopReasonModelLength   = "model_length"
	StopReasonToolCalls     = "tool_calls"
	StopReasonContentFilter = "content_filter"
	StopReasonUnknown       = "unknown"
)

// ChatCompletionChoice is one choice of a model output; Message is an assistant message.
type ChatCompletionChoice struct {
	Message    ChatMessage     `json:"message"`
	StopReason string          `json:"stop_reason"`
	Logprobs   json.RawMessage `json:"logprobs,omitempty"`
}

// MarshalJSON fills role "assistant" and stop_reason "unknown" when they are empty.
func (c ChatCompletionChoice) MarshalJSON() ([]byte, error) {
	type plain ChatCompletionChoice
	c.Message.Role = orDefault(c.Message.Role, RoleAssistant)
	c.StopReason = orDefault(c.StopReason, StopReasonUnknown)
	return jsonenc.Marshal(plain(c))
}

// ModelUsage counts tokens the way Inspect does: InputTokens excludes cache reads and writes,
// OutputTokens includes reasoning. The optional counts are nil when the provider gave none.
type ModelUsage struct {
	InputTokens           int64    `json:"input_tokens"`
	OutputTokens          int64    `json:"output_tokens"`
	TotalTokens           int64    `json:"total_tokens"`
	InputTokensCacheWrite *int64   `json:"input_tokens_cache_write,omitempty"`
	InputTokensCacheRead  *int64   `json:"input_tokens_cache_read,omitempty"`
	ReasoningTokens       *int64   `json:"reasoning_tokens,omitempty"`
	TotalCost             *float64 `json:"total_cost,omitempty"` // dollars
}

// Add returns the field-by-field sum of u and o. As in Inspect, an optional count that is nil on
// one side takes the other side's value (None + x = x).
func (u ModelUsage) Add(o ModelUsage) ModelUsage {
	return ModelUsage{
		InputTokens:           u.InputTokens + o.InputTokens,
		OutputTokens:          u.OutputTokens + o.OutputTokens,
		TotalTokens:           u.TotalTokens + o.TotalTokens,
		InputTokensCacheWrite: addOpt(u.InputTokensCacheWrite, o.InputTokensCacheWrite),
		InputTokensCacheRead:  addOpt(u.InputTokensCacheRead, o.InputTokensCacheRead),
		ReasoningTokens:       addOpt(u.ReasoningTokens, o.ReasoningTokens),
		TotalCost:             addOpt(u.TotalCost, o.TotalCost),
	}
}

// addOpt adds two optional numbers; nil + nil stays nil.
func addOpt[T int64 | float64](a, b *T) *T {
	if a == nil && b == nil {
		return nil
	}
	var sum T
	if a != nil {
		sum += *a
	}
	if b != nil {
		sum += *b
	}
	return &sum
}
