package evallog

import (
	"encoding/json"
	"testing"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// roundTrip checks that v encodes to want and that decoding want into a fresh *T and encoding
// it again gives want back.
func roundTrip[T any](t *testing.T, v T, want string) {
	t.Helper()
	if got := encodeCompact(t, v); got != want {
		t.Fatalf("encode: got %s, want %s", got, want)
	}
	var back T
	if err := json.Unmarshal(jsonenc.ToSentinels([]byte(want)), &back); err != nil {
		t.Fatal(err)
	}
	if got := encodeCompact(t, back); got != want {
		t.Errorf("round trip: got %s, want %s", got, want)
	}
}

func TestUnionsRoundTrip(t *testing.T) {
	t.Parallel()
	tests := map[string]func(t *testing.T){
		"string id":    func(t *testing.T) { roundTrip(t, StringID("q1"), `"q1"`) },
		"int id":       func(t *testing.T) { roundTrip(t, IntID(7), `7`) },
		"text input":   func(t *testing.T) { roundTrip(t, Input{Text: "hi"}, `"hi"`) },
		"list target":  func(t *testing.T) { roundTrip(t, Target{List: []string{"a", "b"}}, `["a","b"]`) },
		"empty target": func(t *testing.T) { roundTrip(t, Target{}, `""`) },
		"message input": func(t *testing.T) {
			roundTrip(t, Input{Messages: []ChatMessage{{Role: RoleUser, Content: TextContent("hi")}}},
				`[{"content":"hi","role":"user"}]`)
		},
		"tool message": func(t *testing.T) {
			roundTrip(t, ChatMessage{ID: "m1", Role: RoleTool, Content: TextContent("..."), ToolCallID: "bash_1",
				Function: "bash", Error: &ToolCallError{Type: "timeout", Message: "slow"}},
				`{"id":"m1","content":"...","role":"tool","tool_call_id":"bash_1","function":"bash","error":{"type":"timeout","message":"slow"}}`)
		},
		"user message answering tools": func(t *testing.T) {
			roundTrip(t, ChatMessage{Role: RoleUser, Content: TextContent("ok"), ToolCallIDs: []string{"a", "b"}},
				`{"content":"ok","role":"user","tool_call_id":["a","b"]}`)
		},
		"assistant with calls": func(t *testing.T) {
			roundTrip(t, ChatMessage{Role: RoleAssistant, Content: TextContent(""), Source: "generate", Model: "m",
				ToolCalls: []ToolCall{{ID: "c", Function: "f"}}},
				`{"content":"","source":"generate","role":"assistant","tool_calls":[{"id":"c","function":"f","arguments":{},"type":"function"}],"model":"m"}`)
		},
		"content parts": func(t *testing.T) {
			roundTrip(t, Content{Parts: []json.RawMessage{json.RawMessage(`{"type":"text","text":"a<b"}`)}},
				`[{"type":"text","text":"a<b"}]`)
		},
		"tool choice function": func(t *testing.T) { roundTrip(t, ToolChoice("submit"), `{"name":"submit"}`) },
		"tool choice mode":     func(t *testing.T) { roundTrip(t, ToolChoice(ToolChoiceAny), `"any"`) },
		"ordered metrics": func(t *testing.T) {
			roundTrip(t, Metrics{{Name: "stderr", Value: 0.1}, {Name: "accuracy", Value: 1}},
				`{"stderr":{"name":"stderr","value":0.1,"params":{}},"accuracy":{"name":"accuracy","value":1.0,"params":{}}}`)
		},
		"span end": func(t *testing.T) {
			roundTrip(t, SpanEndEvent{EventBase: EventBase{SpanID: "s", Timestamp: at(1), WorkingStart: 1}, ID: "s"},
				`{"span_id":"s","timestamp":"2026-01-15T10:00:01+00:00","working_start":1,"event":"span_end","id":"s"}`)
		},
	}
	for name, run := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			run(t)
		})
	}
}

func TestContentString(t *testing.T) {
	t.Parallel()
	c := Content{Parts: []json.RawMessage{
		json.RawMessage(`{"type":"reasoning","reasoning":"hmm"}`),
		json.RawMessage(`{"type":"text","text":"one"}`),
		json.RawMessage(`{"type":"text","text":"two"}`),
	}}
	if got := c.String(); got != "one\ntwo" {
		t.Errorf("got %q", got)
	}
}

func TestModelUsageAdd(t *testing.T) {
	t.Parallel()
	one := int64(1)
	a := ModelUsage{InputTokens: 10, OutputTokens: 2, TotalTokens: 12, InputTokensCacheRead: &one}
	b := ModelUsage{InputTokens: 5, OutputTokens: 1, TotalTokens: 6}
	got := a.Add(b)
	if got.TotalTokens != 18 || got.InputTokensCacheRead == nil || *got.InputTokensCacheRead != 1 || got.ReasoningTokens != nil {
		t.Errorf("got %+v", got)
	}
}
