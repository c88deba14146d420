package swarm

import (
	"fmt"
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

// TestMergeByTime: two time-ordered lists merge in time order, the first
// list's event first on a tie.
func TestMergeByTime(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	at := func(member string, s int) Event {
		return Event{Kind: EventInfo, Member: member, Time: t0.Add(time.Duration(s) * time.Second)}
	}
	tests := map[string]struct {
		a, b []Event
		want string
	}{
		"both empty":   {want: ""},
		"only a":       {a: []Event{at("a", 1), at("a", 2)}, want: "a1 a2 "},
		"only b":       {b: []Event{at("b", 1)}, want: "b1 "},
		"interleaved":  {a: []Event{at("a", 1), at("a", 3)}, b: []Event{at("b", 2), at("b", 4)}, want: "a1 b2 a3 b4 "},
		"a first, tie": {a: []Event{at("a", 2)}, b: []Event{at("b", 2)}, want: "a2 b2 "},
		"b before all": {a: []Event{at("a", 5)}, b: []Event{at("b", 1), at("b", 2)}, want: "b1 b2 a5 "},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got := ""
			merged := MergeByTime(EventsOf(tc.a...), EventsOf(tc.b...))
			for e := range merged.All() {
				got += fmt.Sprintf("%s%d ", e.Member, int(e.Time.Sub(t0).Seconds()))
			}
			assert.Equal(t, tc.want, got)
			assert.Equal(t, len(tc.a)+len(tc.b), merged.Len())
		})
	}
}
