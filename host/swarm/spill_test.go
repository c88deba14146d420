package swarm

import (
	"encoding/json"
	"math"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/model"
)

func newTestSpill(t *testing.T) *Spill {
	t.Helper()
	dir := t.TempDir()
	sp, err := NewSpill(dir)
	require.NoError(t, err)
	t.Cleanup(func() { _ = sp.Close() })
	left, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Empty(t, left, "the spill is unlinked as soon as it is opened")
	return sp
}

// spillEvent is a model event with every field set, the values of its
// maps of each type the codec keeps.
func spillEvent(member string, input []model.Message) Event {
	at := time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)
	return Event{Kind: EventModel, Time: at, Completed: at.Add(time.Second), SpanID: spanID(member), Member: member,
		ModelName: "mockllm/model", Input: input, Tools: []model.ToolInfo{{Name: "echo", Description: "d",
			Parameters: json.RawMessage(`{"type":"object"}`)}, {Name: "none"}},
		Output: model.Output{Model: "m", Message: model.Message{ID: "o1", Role: model.RoleAssistant, Content: "hi",
			ToolCalls: []model.ToolCall{{ID: "c1", Function: "echo", Arguments: map[string]any{"x": 1.5,
				"list": []any{"a", nil, true, false, map[string]any{}}, "n": json.Number("12345678901234567890")}},
				{ID: "c2", Function: "bad", ParseError: "not json"}}},
			Completion: "hi", StopReason: "tool_calls", Usage: model.Usage{InputTokens: 3, OutputTokens: 4,
				TotalTokens: 7, InputCacheRead: 1, TotalCost: 0.25}, Time: 0.5},
		Error: "", Retries: 2, Cache: "read",
		Config: map[string]any{"max_tokens": 100, "seed": int64(7), "top_k": int32(3), "temperature": float32(0.5),
			"stop": []string{"a", "b"}, "none": []string(nil), "empty": map[string]any{}, "nil": nil}}
}

func conversationOf(n int) []model.Message {
	msgs := []model.Message{{ID: "s", Role: model.RoleSystem, Content: "system", Source: "input"},
		{ID: "u", Role: model.RoleUser, Content: "task", Metadata: map[string]any{"k": "v"}}}
	for i := range n {
		id := string(rune('a' + i))
		msgs = append(msgs, model.Message{ID: "a" + id, Role: model.RoleAssistant, Content: "call " + id,
			ToolCalls: []model.ToolCall{{ID: "c" + id, Function: "echo", Arguments: map[string]any{}}}, Model: "m"},
			model.Message{ID: "t" + id, Role: model.RoleTool, Content: "result", ToolCallID: "c" + id, Function: "echo",
				Error: &model.ToolError{Type: "unknown", Message: "no"}})
	}
	return msgs
}

func TestSpillGivesEventsBackExactly(t *testing.T) {
	t.Parallel()
	growing := conversationOf(3)
	tests := map[string][]Event{
		"every field":             {spillEvent("a", growing)},
		"nil input and tools":     {func() Event { e := spillEvent("a", nil); e.Tools = nil; return e }()},
		"empty input and tools":   {func() Event { e := spillEvent("a", []model.Message{}); e.Tools = []model.ToolInfo{}; return e }()},
		"nil maps, an error":      {{Kind: EventModel, SpanID: spanID("a"), Member: "a", Error: "boom"}},
		"a growing conversation":  {spillEvent("a", growing[:2]), spillEvent("a", growing[:4]), spillEvent("a", growing)},
		"a changed message":       {spillEvent("a", growing[:4]), spillEvent("a", append(slicesClone(growing[:1]), model.Message{ID: "u", Role: model.RoleUser, Content: "other"}))},
		"an id the earlier lacks": {spillEvent("a", []model.Message{{Role: model.RoleUser, Content: "x"}}), spillEvent("a", []model.Message{{ID: "x", Role: model.RoleUser, Content: "x"}})},
		"two members":             {spillEvent("a", growing[:2]), spillEvent("b", growing[:3]), spillEvent("a", growing)},
		"other kinds in memory":   {{Kind: EventSpanBegin, SpanID: spanID("a"), Member: "a"}, {Kind: EventTool, Member: "a", Call: model.ToolCall{ID: "c"}, Result: "r"}},
	}
	for name, evs := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r := Recorder{spiller: newSpiller(newTestSpill(t))}
			for _, e := range evs {
				r.add(e)
			}
			got := r.events().Slice()
			require.Len(t, got, len(evs))
			for i := range evs {
				assert.True(t, reflect.DeepEqual(evs[i], got[i]), "event %d:\nwant %#v\ngot  %#v", i, evs[i], got[i])
			}
			for p := range r.events().packed() {
				assert.Equal(t, p.kind == EventModel, p.ref.n > 0, "model events, and only they, are spilled")
				assert.Nil(t, p.model, "what stays in memory is the event's kind, member and times")
			}
		})
	}
}

func slicesClone(m []model.Message) []model.Message { return append([]model.Message(nil), m...) }

func TestSpillKeepsNaN(t *testing.T) {
	t.Parallel()
	r := Recorder{spiller: newSpiller(newTestSpill(t))}
	e := spillEvent("a", nil)
	e.Config = map[string]any{"x": math.NaN()}
	e.Output.Time = math.Inf(1)
	r.add(e)
	got := r.events().Slice()[0]
	assert.True(t, math.IsNaN(got.Config["x"].(float64)))
	assert.True(t, math.IsInf(got.Output.Time, 1))
}

func TestSpillWritesARepeatedMessageOnce(t *testing.T) {
	t.Parallel()
	sp := newTestSpill(t)
	r := Recorder{spiller: newSpiller(sp)}
	conv := conversationOf(20)
	for k := 2; k <= len(conv); k += 2 {
		r.add(spillEvent("a", conv[:k]))
	}
	var once enc
	for _, m := range conv {
		require.NoError(t, once.message(m))
	}
	// each event's own fields are a few hundred bytes; its messages are
	// written once, not once per call (which would be ~10 times as many)
	assert.Less(t, sp.size, int64(len(once.b))+21*1024)
	for i, got := range r.events().Slice() {
		assert.True(t, reflect.DeepEqual(conv[:2*(i+1)], got.Input), "call %d", i)
	}
}

func TestSpillKeepsAnUnknownValueInMemory(t *testing.T) {
	t.Parallel()
	r := Recorder{spiller: newSpiller(newTestSpill(t))}
	e := spillEvent("a", nil)
	e.Config = map[string]any{"odd": struct{ A int }{1}}
	r.add(e)
	for p := range r.events().packed() {
		assert.Zero(t, p.ref.n, "not spilled")
	}
	assert.True(t, reflect.DeepEqual(e, r.events().Slice()[0]))
}

func TestSpillClosedSaysTheEvidenceIsLost(t *testing.T) {
	t.Parallel()
	sp := newTestSpill(t)
	r := Recorder{spiller: newSpiller(sp)}
	r.add(spillEvent("a", conversationOf(1)))
	evs := r.events()
	require.NoError(t, sp.Close())
	got := evs.Slice()[0]
	assert.Equal(t, "a", got.Member)
	assert.True(t, strings.HasPrefix(got.Error, "evidence lost: "), got.Error)
	assert.Error(t, sp.Err())
	assert.Equal(t, 1, evs.Count(EventModel))
}

func TestSpillForgetsAMemberAtItsSpanEnd(t *testing.T) {
	t.Parallel()
	r := Recorder{spiller: newSpiller(newTestSpill(t))}
	r.add(Event{Kind: EventSpanBegin, SpanID: spanID("a"), Member: "a"})
	r.add(spillEvent("a", conversationOf(2)))
	assert.Len(t, r.spiller.members, 1)
	r.add(Event{Kind: EventSpanEnd, SpanID: spanID("a"), Member: "a"})
	assert.Empty(t, r.spiller.members, "a member's last input is not held once it has ended")
}
