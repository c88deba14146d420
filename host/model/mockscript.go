package model

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	sdkmodel "github.com/swarmhost/swarmhost/sdk/model"
)

// mockOutput is one scripted mockllm answer. In HCL:
//
//	outputs = [
//	  "plain text",
//	  { tool = "bash", arguments = { cmd = "ls" } },          # one tool call
//	  { content = "two at once", tool_calls = [
//	      { tool = "bash", arguments = { cmd = "ls" } },
//	      { tool = "submit", arguments = { answer = "4" } } ] },
//	  { content = "cut short", stop_reason = "max_tokens" },
//	  { error = "overloaded" },                               # a model error
//	  { content = "ok", usage = { input_tokens = 10, output_tokens = 2 } },
//	]
//
// usage fixes the call's token counts instead of counting characters, so
// a suite's accounting does not depend on prompt wording (the parity suite
// scripts the same usage on Inspect's mockllm).
type mockOutput struct {
	Content    string         `json:"content"`
	Tool       string         `json:"tool"`
	Arguments  map[string]any `json:"arguments"`
	ToolCalls  []mockToolCall `json:"tool_calls"`
	StopReason string         `json:"stop_reason"`
	Error      string         `json:"error"`
	Usage      *mockUsage     `json:"usage"`
}

// mockUsage is a scripted output's fixed token counts; total is input plus
// output.
type mockUsage struct {
	InputTokens  int64 `json:"input_tokens"`
	OutputTokens int64 `json:"output_tokens"`
}

// mockToolCall is one entry of an output's tool_calls.
type mockToolCall struct {
	Tool      string         `json:"tool"`
	Arguments map[string]any `json:"arguments"`
}

var mockKeys = []string{"arguments", "content", "error", "stop_reason", "tool", "tool_calls", "usage"}

// parseMockOutput reads one scripted output: a string, or an object with
// only the keys of mockOutput.
func parseMockOutput(o any) (mockOutput, error) {
	switch v := o.(type) {
	case string:
		return mockOutput{Content: v}, nil
	case map[string]any:
		for k := range v {
			if !slices.Contains(mockKeys, k) {
				return mockOutput{}, fmt.Errorf("unknown key %q (want %s)", k, strings.Join(mockKeys, ", "))
			}
		}
		return decodeMockObject(v)
	}
	return mockOutput{}, fmt.Errorf("want a string or an object, got %T", o)
}

func decodeMockObject(v map[string]any) (mockOutput, error) {
	b, _ := json.Marshal(v)
	var out mockOutput
	if err := json.Unmarshal(b, &out); err != nil {
		return mockOutput{}, fmt.Errorf("invalid output: %w", err)
	}
	if out.Tool != "" {
		out.ToolCalls = append([]mockToolCall{{Tool: out.Tool, Arguments: out.Arguments}}, out.ToolCalls...)
	} else if out.Arguments != nil {
		return mockOutput{}, fmt.Errorf("arguments without a tool")
	}
	for i, c := range out.ToolCalls {
		if c.Tool == "" {
			return mockOutput{}, fmt.Errorf("tool call %d has no tool", i+1)
		}
	}
	return out, nil
}

// output builds the model output of turn (1-based) for the model name.
func (o mockOutput) output(modelName string, turn int) sdkmodel.Output {
	out := sdkmodel.TextOutput(modelName, o.Content)
	for j, c := range o.ToolCalls {
		args := maps.Clone(c.Arguments)
		if args == nil {
			args = map[string]any{}
		}
		out.Message.ToolCalls = append(out.Message.ToolCalls, sdkmodel.ToolCall{
			ID: fmt.Sprintf("mock_%d_%d", turn, j+1), Function: c.Tool, Arguments: args})
	}
	if len(o.ToolCalls) > 0 {
		out.StopReason = "tool_calls"
	}
	if o.StopReason != "" {
		out.StopReason = o.StopReason
	}
	return out
}
