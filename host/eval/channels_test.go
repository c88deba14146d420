package eval

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/agenttools"
	"github.com/swarmhost/swarmhost/host/channels"
	"github.com/swarmhost/swarmhost/host/swarm"
	"github.com/swarmhost/swarmhost/sdk/model"
)

func TestMergeEvidence(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 1, 15, 10, 0, 0, 0, time.UTC)
	at := func(s float64) time.Time { return t0.Add(time.Duration(s * float64(time.Second))) }
	ev := func(name string, start, end float64) swarm.Event {
		e := swarm.Event{Kind: swarm.EventTool, Member: name, Time: at(start)}
		if end > 0 {
			e.Completed = at(end)
		}
		return e
	}
	info := func(name string, t float64) swarm.Event {
		return swarm.Event{Kind: swarm.EventInfo, Member: name, Time: at(t)}
	}
	tests := map[string]struct {
		runtime, bus []swarm.Event
		want         []string
	}{
		"no evidence": {runtime: []swarm.Event{ev("a", 1, 2)}, want: []string{"tool:a@1"}},
		"evidence goes before the call it happened in": {
			runtime: []swarm.Event{ev("a", 1, 2), ev("a", 3, 5)},
			bus:     []swarm.Event{info("a", 4)},
			want:    []string{"tool:a@1", "info:a@4", "tool:a@3"}},
		"a long call of another member does not move it": {
			// b's call started first but completed last: arrival order.
			runtime: []swarm.Event{ev("a", 2, 3), ev("a", 4, 6), ev("b", 1, 7)},
			bus:     []swarm.Event{info("a", 5)},
			want:    []string{"tool:a@2", "info:a@5", "tool:a@4", "tool:b@1"}},
		"evidence after every event goes last": {
			runtime: []swarm.Event{ev("a", 1, 2)},
			bus:     []swarm.Event{info("a", 3), info("b", 4)},
			want:    []string{"tool:a@1", "info:a@3", "info:b@4"}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var got []string
			for e := range mergeEvidence(swarm.EventsOf(tc.runtime...), swarm.EventsOf(tc.bus...)) {
				got = append(got, fmt.Sprintf("%s:%s@%g", e.Kind, e.Member, e.Time.Sub(t0).Seconds()))
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestWithResults(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 1, 15, 10, 0, 0, 0, time.UTC)
	status, mode, end := "submitted", "first", 1.5
	out := &swarm.Result{StopReason: "all_done",
		Record: swarm.Record{Version: 1, Members: []swarm.RecordMember{
			{Name: "a", State: "ended", Status: &status, Submitted: true, Time: &end},
			{Name: "b", State: "pending"},
		}, Final: swarm.Final{Mode: &mode, Member: textPtr("a")}},
		Events: swarm.EventsOf(
			swarm.Event{Kind: swarm.EventSpanBegin, SpanID: "member-a", Member: "a", Time: t0},
			swarm.Event{Kind: swarm.EventSpanEnd, SpanID: "member-a", Member: "a", Time: t0.Add(time.Second)},
		)}
	evs := slices.Collect(withResults(out.Events.All(), out))
	require.Len(t, evs, 5)
	assert.Equal(t, swarm.EventSpanBegin, evs[0].Kind)
	assert.Equal(t, "member-a", evs[1].SpanID, "a's result is inside its span")
	assert.Equal(t, t0.Add(time.Second), evs[1].Time)
	assert.Equal(t, MemberResult{Version: 1, Type: "result", Kind: "member_result", Member: "a", SpanID: textPtr("member-a"),
		Status: &status, Time: &end}, evs[1].Data)
	assert.Equal(t, swarm.EventSpanEnd, evs[2].Kind)
	assert.Equal(t, "", evs[3].SpanID, "b never started: no span")
	assert.Equal(t, "b", evs[3].Data.(MemberResult).Member)
	assert.Nil(t, evs[3].Data.(MemberResult).SpanID, "its span_id is null, as Inspect Swarm writes it")
	assert.Equal(t, FinalResult{Version: 1, Type: "result", Kind: "final", Member: textPtr("a"), Mode: &mode,
		StopReason: "all_done"}, evs[4].Data)
	for _, e := range evs[1:2] {
		assert.Equal(t, swarm.InfoSource, e.Source)
	}
}

// fakeTools is a tool set of the named tools that answers with its label.
type fakeTools struct {
	label string
	names []string
}

func (f fakeTools) List() []model.ToolInfo {
	var out []model.ToolInfo
	for _, n := range f.names {
		out = append(out, model.ToolInfo{Name: n})
	}
	return out
}

func (f fakeTools) Call(_ context.Context, c model.ToolCall) (string, *model.ToolError) {
	return f.label + ":" + c.Function, nil
}

func TestMemberToolsDispatch(t *testing.T) {
	t.Parallel()
	tools := agenttools.Combined{fakeTools{"sandbox", []string{"bash"}}, fakeTools{"channel", []string{"send_message"}}}
	assert.Len(t, tools.List(), 2)
	for fn, want := range map[string]string{"bash": "sandbox:bash", "send_message": "channel:send_message",
		"nope": "sandbox:nope"} {
		got, _ := tools.Call(context.Background(), model.ToolCall{Function: fn})
		assert.Equal(t, want, got)
	}
}

func TestChannelToolsAreBoundPerMember(t *testing.T) {
	t.Parallel()
	bus := channels.NewBus(channels.DefaultMessages(), []channels.Member{{Name: "a"}, {Name: "b"}}, channels.Options{})
	bus.MemberState("a", swarm.StateRunning, "")
	bus.MemberState("b", swarm.StateRunning, "")
	s := &sampleRun{bus: bus}
	tools := s.withChannelTools("a", fakeTools{"sandbox", []string{"bash"}})
	got, terr := tools.Call(context.Background(), model.ToolCall{Function: channels.ToolSend,
		Arguments: map[string]any{"to": "b", "message": "hi"}})
	require.Nil(t, terr)
	assert.Equal(t, "Sent m-1 to b.", got)
	assert.Equal(t, "a", bus.Read(context.Background(), "b", 0).Messages[0].From)
	plain := fakeTools{"sandbox", nil}
	assert.Equal(t, plain, (&sampleRun{}).withChannelTools("a", plain), "no bus, no channel tools")
}

func textPtr(s string) *string { return &s }
