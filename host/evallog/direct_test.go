package evallog

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tricky holds what JSON string encoding must get right: quotes, backslashes, HTML characters
// (written as they are), control characters, invalid UTF-8 and U+2028/U+2029.
const tricky = "a \"quoted\" \\ <b>&amp;</b>\n\t\r\b\f\x01\x1f é ✓ 💡 \xff\xfe bad \u2028 \u2029 end"

// directCases are events of every type the direct encoder writes, with every optional field
// set and unset.
func directCases() map[string]Event {
	yes, no := true, false
	full := EventBase{UUID: "u" + tricky, SpanID: "s", Timestamp: at(1.25), WorkingStart: 1e-7,
		Metadata: map[string]any{"k": tricky, "n": 2.5, "nested": map[string]any{"z": []any{1.0, "x"}}}, Pending: &yes}
	bare := EventBase{}
	call := ToolCall{ID: "c", Function: "f" + tricky, Arguments: map[string]any{"cmd": tricky, "n": 1e21},
		ParseError: "bad", View: &ToolCallContent{Title: "t", Format: "markdown", Content: tricky}, Type: "custom"}
	msgs := []ChatMessage{
		{ID: "1", Role: RoleSystem, Content: TextContent(tricky), Source: "input", Metadata: map[string]any{"a": 1.0}},
		{Role: RoleUser, Content: TextContent("")},
		{Role: RoleUser, Content: TextContent("answers"), ToolCallIDs: []string{"a", "b"}},
		{Role: RoleUser, Content: TextContent("none"), ToolCallIDs: []string{}},
		{ID: "2", Role: RoleAssistant, Content: Content{Parts: []json.RawMessage{json.RawMessage(`{"type": "text",  "text": "x"}`)}},
			ToolCalls: []ToolCall{call, {ID: "d", Function: "g"}}, Model: "m", ToolCallID: "ignored", Function: "ignored"},
		{Role: RoleAssistant, Content: Content{Parts: []json.RawMessage{}}},
		{Role: RoleTool, Content: TextContent("out"), ToolCallID: "c", Function: "bash", Error: &ToolCallError{Type: "timeout", Message: tricky}, Model: "ignored"},
		{Role: RoleTool, Content: TextContent("out")},
	}
	usage := ModelUsage{InputTokens: 1, OutputTokens: 2, TotalTokens: 3}
	u2 := int64(7)
	cost := 0.000001
	fullUsage := ModelUsage{InputTokens: 1, OutputTokens: 2, TotalTokens: 3, InputTokensCacheWrite: &u2, InputTokensCacheRead: &u2, ReasoningTokens: &u2, TotalCost: &cost}
	return map[string]Event{
		"model full": &ModelEvent{EventBase: full, Model: "p/m", Role: "grader", Input: msgs, InputRefs: [][2]int{{0, 3}, {5, 6}},
			Tools:      []ToolInfo{{Name: "bash", Description: tricky, Parameters: ToolParams{Properties: map[string]JSONSchema{"cmd": {Type: "string"}}}}},
			ToolChoice: "bash", Config: GenerateConfig{"temperature": 0.5, "max_tokens": 100.0, "stop": []any{"a", nil, true, []any(nil)},
				"nested": map[string]any{"b": 1, "a": int64(2), "raw": json.RawMessage(`{"x": 1}`), "nil map": map[string]any(nil),
					"<key>": tricky, "typed": []string{"x"}, "f": float32(0.1)}},
			Output: ModelOutput{Model: "m", Completion: tricky, Usage: &fullUsage, Time: Seconds(0.25), Metadata: map[string]any{"x": "y"}, Error: "e",
				Choices: []ChatCompletionChoice{{Message: ChatMessage{Content: TextContent("no role")}}, {Message: msgs[4], StopReason: StopReasonToolCalls,
					Logprobs: json.RawMessage(`{ "content": [ ] }`)}}},
			Retries: 2, Error: tricky, Cache: "read", Call: json.RawMessage("{\n  \"request\": {\"a\": 1}\n}"), Completed: at(2), WorkingTime: Seconds(3.5e-9)},
		"model bare": ModelEvent{EventBase: bare},
		"model auto": ModelEvent{EventBase: bare, ToolChoice: ToolChoiceAuto, Output: ModelOutput{Usage: &usage}, Input: []ChatMessage{}},
		"tool full": &ToolEvent{EventBase: full, Type: "custom", ID: "c", Function: "f", Arguments: call.Arguments, View: call.View,
			Result: []any{map[string]any{"type": "text", "text": tricky}}, Error: &ToolCallError{Type: "parsing", Message: "m"},
			Events: []json.RawMessage{json.RawMessage(`{"a": [1, 2]}`), json.RawMessage(`{}`)}, Completed: at(3), WorkingTime: Seconds(1),
			Agent: "a", AgentSpanID: "as", Failed: &no, MessageID: "mid"},
		"tool bare":       ToolEvent{},
		"tool string":     ToolEvent{EventBase: bare, Result: tricky},
		"tool number":     ToolEvent{EventBase: bare, Result: 42.0},
		"tool raw result": ToolEvent{EventBase: bare, Result: json.RawMessage(`[ {"type": "image", "image": "data:x"} ]`)},
		"info string":     &InfoEvent{EventBase: full, Source: "inspect_swarm", Data: tricky},
		"info struct": InfoEvent{EventBase: bare, Data: struct {
			A string  `json:"a"`
			F float64 `json:"f"`
		}{tricky, 1.5}},
		"info raw":         InfoEvent{EventBase: bare, Data: json.RawMessage(`{"version": 1, "x": "<&>"}`)},
		"info nil":         InfoEvent{},
		"info nan":         InfoEvent{Data: map[string]any{"v": Float(math.NaN())}},
		"span begin full":  &SpanBeginEvent{EventBase: full, ID: "sp", ParentID: "p", Type: SpanTypeAgent, Name: tricky},
		"span begin bare":  SpanBeginEvent{},
		"span end":         &SpanEndEvent{EventBase: full, ID: "sp"},
		"span end bare":    SpanEndEvent{},
		"big and small":    SpanEndEvent{EventBase: EventBase{WorkingStart: 123456789.125}},
		"negative":         SpanEndEvent{EventBase: EventBase{WorkingStart: -0.5e-10}},
		"score (fallback)": ScoreEvent{EventBase: full, Score: Score{Value: NewValue("C")}},
	}
}

// TestDirectEncodingMatches checks that every event the direct encoder writes comes out byte
// for byte as encoding/json (through the events' MarshalJSON) writes it, and that what it cannot
// write (a non-finite float, an unknown role) fails as encoding/json fails.
func TestDirectEncodingMatches(t *testing.T) {
	t.Parallel()
	for name, e := range directCases() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			want, wantErr := marshalEventValue(e)
			got, err := encodeEvent(e)
			require.NoError(t, wantErr)
			require.NoError(t, err)
			assert.Equal(t, string(want), string(got))
		})
	}
	for name, e := range map[string]Event{
		"nan working start": SpanEndEvent{EventBase: EventBase{WorkingStart: math.NaN()}},
		"inf working time":  ModelEvent{WorkingTime: Seconds(math.Inf(1))},
		"unknown role":      ModelEvent{Input: []ChatMessage{{Role: "robot"}}},
		"nan in arguments":  ToolEvent{Arguments: map[string]any{"x": math.NaN()}},
	} {
		t.Run(name, func(t *testing.T) {
			_, wantErr := marshalEventValue(e)
			_, err := encodeEvent(e)
			assert.Error(t, wantErr)
			assert.Error(t, err)
		})
	}
}

// TestDirectMessageEncodingMatches checks the messages the pools hold the same way.
func TestDirectMessageEncodingMatches(t *testing.T) {
	t.Parallel()
	m := directCases()["model full"].(*ModelEvent)
	for _, msg := range m.Input {
		want, err := msg.MarshalJSON()
		require.NoError(t, err)
		got, err := encodeMessage(&msg)
		require.NoError(t, err)
		assert.Equal(t, string(want), string(got))
	}
}
