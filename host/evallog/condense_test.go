package evallog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/evallog/condense"
	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// longText is a text over the 100 characters an event keeps inline.
func longText(what string) string {
	return what + ": " + strings.Repeat("a long text that an event keeps as an attachment. ", 3)
}

// condenseSample is a sample with each kind of text Inspect condenses: a conversation that
// grows over three model calls (long system prompt, repeated messages, one with a different id
// but the same content), a tool's long description, long tool arguments, a long tool result
// (kept inline), info data, a sample_init and a state event, a model call with request
// messages, a content list with a tool call, and a data URI in the sample's messages.
func condenseSample() EvalSample {
	s := fixtureSample(StringID("big"), longText("input"), "42")
	sys := ChatMessage{ID: "sys", Role: RoleSystem, Content: TextContent(longText("system"))}
	user := ChatMessage{ID: "u1", Role: RoleUser, Content: TextContent(longText("question")), Source: "input"}
	call := ToolCall{ID: "c1", Function: "bash", Arguments: map[string]any{"cmd": longText("cmd"), "n": 1.0}}
	asst := ChatMessage{ID: "a1", Role: RoleAssistant, Content: TextContent(longText("thinking")), ToolCalls: []ToolCall{call}, Model: "m"}
	tool := ChatMessage{ID: "t1", Role: RoleTool, Content: TextContent(longText("tool output")), ToolCallID: "c1", Function: "bash"}
	parts := ChatMessage{ID: "p1", Role: RoleAssistant, Model: "m", ToolCalls: []ToolCall{call},
		Content: Content{Parts: []json.RawMessage{
			json.RawMessage(`{"type":"reasoning","reasoning":"` + longText("reasoning") + `"}`),
			json.RawMessage(`{"type":"text","text":"short"}`)}}}
	sysAgain := sys
	sysAgain.ID = "sys-2" // same content, another id: one pool entry
	tools := []ToolInfo{{Name: "bash", Description: longText("bash tool")}}
	n := 0
	base := func(t float64) EventBase { // with a uuid, which Inspect would draw for an event without one
		n++
		return EventBase{UUID: fmt.Sprintf("ev-%d", n), SpanID: "sp", Timestamp: at(t), WorkingStart: t}
	}
	model := func(t float64, input []ChatMessage, out ChatMessage) ModelEvent {
		return ModelEvent{EventBase: base(t), Model: "m", Input: input, Tools: tools, ToolChoice: ToolChoiceAuto,
			Output: ModelOutput{Model: "m", Completion: out.Content.String(), // as a provider's output has it
				Choices: []ChatCompletionChoice{{Message: out, StopReason: StopReasonStop}}}}
	}
	withCall := model(3, []ChatMessage{sysAgain, user, asst, tool}, parts)
	// The request's messages are its last member: expanded, they come back last (in Inspect too).
	withCall.Call = json.RawMessage(`{"request":{"model":"m","temperature":0.5,"messages":[{"role":"system","content":"` + longText("system") +
		`"},{"role":"user","content":"hi"}]},"response":{"choices":[{"text":"` + longText("response") + `"}]},"time":1.5}`)
	s.Events = Events{
		&SampleInitEvent{EventBase: base(0), Sample: map[string]any{"input": longText("input"), "target": "42",
			"metadata": map[string]any{"weight": math.Inf(1)}}, // as a dataset's metadata may hold
			State: map[string]any{"messages": []any{map[string]any{"role": "user", "content": longText("input")}}}},
		model(1, []ChatMessage{sys, user}, asst),
		ToolEvent{EventBase: base(1.5), ID: "c1", Function: "bash", Arguments: call.Arguments, Result: longText("tool output")},
		model(2, []ChatMessage{sys, user, asst, tool}, ChatMessage{ID: "a2", Role: RoleAssistant, Content: TextContent("short answer")}),
		withCall,
		InfoEvent{EventBase: base(4), Source: "inspect_swarm", Data: map[string]any{"note": longText("info"), "k": 2.0}},
		&StateEvent{EventBase: base(5), Changes: []JSONPatch{{Op: "add", Path: "/messages/1", Value: asst, Replaced: longText("replaced")}}},
	}
	s.Messages = append(s.Messages, ChatMessage{Role: RoleUser, Content: TextContent("data:image/png;base64,iVBORw0KGgo=")})
	for i := range s.Messages {
		s.Messages[i].ID = fmt.Sprintf("msg-%d", i) // as the host gives them
	}
	return s
}

// uncondensed encodes each event as it is, without condensing.
func uncondensed(t *testing.T, evs Events) []json.RawMessage {
	t.Helper()
	out := make([]json.RawMessage, len(evs))
	for i, e := range evs {
		raw, err := marshalEventValue(e)
		require.NoError(t, err)
		var buf bytes.Buffer
		require.NoError(t, json.Compact(&buf, raw)) // an event read from a .json log is kept indented
		out[i] = buf.Bytes()
	}
	return out
}

// asInspectReadsIt is the sample's events as Inspect reads them once condensed: sys-2, whose
// content is sys's, comes back as sys (Inspect pools messages by content, the first id kept;
// the host gives messages of one content one id, so its logs never differ so).
func asInspectReadsIt(evs Events) Events {
	out := slices.Clone(evs)
	for i, e := range out {
		if m, ok := e.(ModelEvent); ok {
			m.Input = slices.Clone(m.Input)
			for j := range m.Input {
				if m.Input[j].ID == "sys-2" {
					m.Input[j].ID = "sys"
				}
			}
			out[i] = m
		}
	}
	return out
}

// TestCondensedSampleShape checks the written sample against Inspect's shape: long texts as
// attachments keyed by Inspect's hash, inputs as pool ranges, one pool entry per distinct
// message, the call's messages in the call pool, a tool's result and the sample's own long
// messages inline, a data URI in the messages attached.
func TestCondensedSampleShape(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	require.NoError(t, writeSampleAt(&buf, condenseSample(), ""))
	var got struct {
		Messages    []map[string]any  `json:"messages"`
		Events      []map[string]any  `json:"events"`
		Attachments map[string]string `json:"attachments"`
		EventsData  struct {
			Messages []map[string]any `json:"messages"`
			Calls    []map[string]any `json:"calls"`
		} `json:"events_data"`
	}
	require.NoError(t, json.Unmarshal(jsonenc.ToSentinels(buf.Bytes()), &got))
	ref := func(text string) string { return condense.Protocol + condense.Key(text) }
	for _, text := range []string{longText("system"), longText("question"), longText("bash tool"), longText("cmd"),
		longText("info"), longText("reasoning"), longText("response"), "data:image/png;base64,iVBORw0KGgo="} {
		assert.Equal(t, text, got.Attachments[condense.Key(text)], "attachment of %.20q", text)
	}
	assert.NotContains(t, got.Attachments, condense.Key(longText("replaced")), "a change's replaced value is not walked")

	assert.Equal(t, longText("input"), got.Messages[0]["content"], "the sample's messages keep long text inline")
	assert.Equal(t, ref("data:image/png;base64,iVBORw0KGgo="), got.Messages[2]["content"])
	init := got.Events[0]
	assert.Equal(t, ref(longText("input")), init["sample"].(map[string]any)["input"])

	m1, m2, m3 := got.Events[1], got.Events[3], got.Events[4]
	assert.Equal(t, []any{}, m1["input"])
	assert.Equal(t, []any{[]any{0.0, 2.0}}, m1["input_refs"])
	assert.Equal(t, []any{[]any{0.0, 4.0}}, m2["input_refs"], "the same messages, then two new ones")
	assert.Equal(t, []any{[]any{0.0, 4.0}}, m3["input_refs"], "sys-2 has sys's content: the same entry")
	require.Len(t, got.EventsData.Messages, 4)
	assert.Equal(t, "sys", got.EventsData.Messages[0]["id"], "the first id seen")
	assert.Equal(t, ref(longText("system")), got.EventsData.Messages[0]["content"])
	assert.Equal(t, longText("cmd"), got.EventsData.Messages[2]["tool_calls"].([]any)[0].(map[string]any)["arguments"].(map[string]any)["cmd"],
		"a string content leaves the tool calls alone, as Inspect does")
	assert.Equal(t, ref(longText("bash tool")), m1["tools"].([]any)[0].(map[string]any)["description"])
	out := m3["output"].(map[string]any)["choices"].([]any)[0].(map[string]any)["message"].(map[string]any)
	assert.Equal(t, ref(longText("cmd")), out["tool_calls"].([]any)[0].(map[string]any)["arguments"].(map[string]any)["cmd"],
		"a content list walks the tool calls")

	tool := got.Events[2]
	assert.Equal(t, ref(longText("cmd")), tool["arguments"].(map[string]any)["cmd"])
	assert.Equal(t, longText("tool output"), tool["result"], "a text result stays inline")

	callObj := m3["call"].(map[string]any)
	assert.Equal(t, "messages", callObj["call_key"])
	assert.Equal(t, []any{[]any{0.0, 2.0}}, callObj["call_refs"])
	assert.NotContains(t, callObj["request"], "messages")
	require.Len(t, got.EventsData.Calls, 2)
	assert.Equal(t, ref(longText("system")), got.EventsData.Calls[0]["content"])
}

// TestCondensedSampleReadsBack writes the sample in both formats and reads it: every event and
// message comes back as it was before condensing.
func TestCondensedSampleReadsBack(t *testing.T) {
	t.Parallel()
	for _, format := range []string{FormatJSON, FormatEval} {
		t.Run(format, func(t *testing.T) {
			t.Parallel()
			s := condenseSample()
			w, err := CreateLog(t.TempDir(), fixtureHeader(), format)
			require.NoError(t, err)
			require.NoError(t, w.AddSample(s))
			res, stats, red := fixtureFinal()
			require.NoError(t, w.Finish(StatusSuccess, res, stats, red, nil))
			l, err := Read(w.Path())
			require.NoError(t, err)
			require.Len(t, l.Samples, 1)
			back := l.Samples[0]
			assert.Empty(t, back.Attachments)
			assert.Nil(t, back.EventsData)
			assert.Equal(t, jsonStrings(t, uncondensed(t, asInspectReadsIt(s.Events))), jsonStrings(t, uncondensed(t, back.Events)))
			assert.Equal(t, encoded(t, s.Messages), encoded(t, back.Messages))
		})
	}
}

// TestCondensingIsStable reads a condensed log and writes it again: the same bytes.
func TestCondensingIsStable(t *testing.T) {
	t.Parallel()
	var first bytes.Buffer
	require.NoError(t, writeSample(&first, condenseSample()))
	var back EvalSample
	require.NoError(t, json.Unmarshal(jsonenc.ToSentinels(first.Bytes()), &back))
	var second bytes.Buffer
	require.NoError(t, writeSample(&second, back))
	assert.Equal(t, first.String(), second.String())
}

// jsonStrings are raw values as strings, for readable diffs.
func jsonStrings(t *testing.T, raws []json.RawMessage) []string {
	t.Helper()
	out := make([]string, len(raws))
	for i, r := range raws {
		out[i] = string(r)
	}
	return out
}

// encoded encodes v.
func encoded(t *testing.T, v any) string {
	t.Helper()
	b, err := jsonenc.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

// TestInspectExpandsCondensedSamples writes the sample in both formats and has Inspect (the
// test venv's) read each log with read_eval_log and resolve its attachments: its events and
// messages must be the uncondensed ones, which it reads from a file of their own.
func TestInspectExpandsCondensedSamples(t *testing.T) {
	t.Parallel()
	py := testVenvPython(t)
	s := condenseSample()
	dir := t.TempDir()
	want := map[string]any{"events": uncondensed(t, asInspectReadsIt(s.Events)), "messages": s.Messages}
	raw, err := jsonenc.Marshal(want)
	require.NoError(t, err)
	ref := filepath.Join(dir, "uncondensed.json")
	require.NoError(t, os.WriteFile(ref, jsonenc.FromSentinels(raw), 0o644)) // bare Infinity, as the logs have it
	var logs []string
	for _, format := range []string{FormatJSON, FormatEval} {
		w, err := CreateLog(filepath.Join(dir, format), fixtureHeader(), format)
		require.NoError(t, err)
		require.NoError(t, w.AddSample(s))
		res, stats, red := fixtureFinal()
		require.NoError(t, w.Finish(StatusSuccess, res, stats, red, nil))
		logs = append(logs, w.Path())
	}
	runPython(t, py, append([]string{filepath.Join("testdata", "check_condensed.py"), ref}, logs...)...)
}
