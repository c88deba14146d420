package swarm

import (
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"

	"github.com/swarmhost/swarmhost/sdk/model"
)

// TestPackedEventsRoundTrip: every event comes out of the recorder as it
// went in, whatever fields its kind does not usually have.
func TestPackedEventsRoundTrip(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	out := model.TextOutput("mock", "hi")
	out.Usage = model.Usage{InputTokens: 3}
	tests := map[string]Event{
		"empty":      {},
		"span begin": {Kind: EventSpanBegin, Time: t0, SpanID: "member-a", Member: "a"},
		"model": {Kind: EventModel, Time: t0, Completed: t0.Add(time.Second), SpanID: "member-a", Member: "a",
			ModelName: "mock", Input: []model.Message{{Role: "user", Content: "q"}},
			Tools: []model.ToolInfo{{Name: "bash"}}, Output: out, Retries: 2, Cache: "read",
			Config: map[string]any{"temperature": 0.5}},
		"failed model":      {Kind: EventModel, Time: t0, Error: "boom"},
		"model, only usage": {Kind: EventInfo, Output: model.Output{Usage: model.Usage{InputTokens: 1}}},
		"tool": {Kind: EventTool, Time: t0, Completed: t0, SpanID: "member-b", Member: "b",
			Call:   model.ToolCall{ID: "c1", Function: "bash", Arguments: map[string]any{"cmd": "ls"}},
			Result: "out", ToolError: &model.ToolError{Type: "timeout", Message: "slow"}},
		"tool fields on an info event": {Kind: EventInfo, Call: model.ToolCall{ParseError: "bad"}},
		"info":                         {Kind: EventInfo, Time: t0, Source: InfoSource, Data: map[string]any{"k": 1}},
		"everything at once": {Kind: "custom", ModelName: "m", Result: "r", Source: "s", Retries: 1,
			Call: model.ToolCall{Function: "f"}, Data: 1},
	}
	for name, e := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p := pack(e)
			assert.Equal(t, e, p.unpack())
			got := EventsOf(e).Slice()
			assert.Equal(t, []Event{e}, got)
		})
	}
}

// TestPackedEventIsSmall: a span event packed takes well under an Event.
func TestPackedEventIsSmall(t *testing.T) {
	t.Parallel()
	assert.Less(t, unsafe.Sizeof(stored{}), unsafe.Sizeof(Event{})/4)
}
