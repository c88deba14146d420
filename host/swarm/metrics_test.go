package swarm

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/model"
)

func TestFloatJSON(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		in   Float
		want string
	}{
		"integral":  {in: 120, want: "120.0"},
		"zero":      {in: 0, want: "0.0"},
		"fraction":  {in: 0.05, want: "0.05"},
		"tiny":      {in: 1e-7, want: "1e-7"},
		"negative":  {in: -2, want: "-2.0"},
		"huge":      {in: 1e21, want: "1e+21"},
		"rounding":  {in: Float(0.30000000000000004), want: "0.30000000000000004"},
		"integralx": {in: 3e6, want: "3000000.0"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			b, err := json.Marshal(tc.in)
			require.NoError(t, err)
			assert.Equal(t, tc.want, string(b))
		})
	}
}

// metricsResult is a finished run of three members: a submitted with two
// identical tool calls then another, b never acted, c stopped.
func metricsResult() *Result {
	t0 := time.Unix(1000, 0)
	call := func(m string, at time.Duration, fn string, args map[string]any) Event {
		return Event{Kind: EventTool, Member: m, Time: t0.Add(at), Call: model.ToolCall{Function: fn, Arguments: args}}
	}
	one := Meter{Usage: Usage{TotalTokens: 12}, Cost: 0.5}
	return &Result{
		Record: Record{Members: []RecordMember{
			{Name: "a", Time: ptr(2.0), GateChecks: 2, GatePasses: 1, FirstPassTime: ptr(1.5)},
			{Name: "b"}, {Name: "c", Time: ptr(3.0)}},
			Final: Final{Member: ptr("a")}},
		Ledger: Ledger{Swarm: Meter{Usage: Usage{TotalTokens: 36}, Cost: 1.5}, Members: []LedgerMember{
			{Name: "a", Meter: one, Calls: Calls{Calls: 2, CacheReplays: 1}},
			{Name: "b"},
			{Name: "c", Meter: one, Calls: Calls{Calls: 1}}}},
		Events: EventsOf(
			Event{Kind: EventSpanBegin, Member: "a", Time: t0},
			Event{Kind: EventSpanBegin, Member: "c", Time: t0.Add(time.Second)},
			call("a", 100*time.Millisecond, "bash", map[string]any{"cmd": "ls", "x": 1}),
			call("a", 200*time.Millisecond, "bash", map[string]any{"x": 1, "cmd": "ls"}),
			call("a", 300*time.Millisecond, "bash", map[string]any{"cmd": "pwd"}),
			call("c", 1100*time.Millisecond, "python", map[string]any{"code": "1"}),
			Event{Kind: EventSpanEnd, Member: "a", Time: t0.Add(2 * time.Second)},
			Event{Kind: EventSpanEnd, Member: "c", Time: t0.Add(3 * time.Second)},
		),
	}
}

func TestBuildMetrics(t *testing.T) {
	t.Parallel()
	m := BuildMetrics(metricsResult(), MetricsInput{})
	assert.Equal(t, int64(36), m.Tokens)
	assert.Equal(t, Float(1.5), m.Cost)
	assert.Equal(t, Float(3), m.WallClock, "the last member's end")
	assert.Equal(t, []string{"b"}, m.NeverActed)
	assert.Equal(t, ptr(3), m.StepsToAnswer, "a's calls and its cache replay")
	assert.Equal(t, 3, m.LongestMemberSteps)
	a, b, c := m.Members[0], m.Members[1], m.Members[2]
	assert.Equal(t, ptr(2), a.LongestIdenticalToolRun, "equal arguments in another key order are the same call")
	assert.Equal(t, ptr(0), b.LongestIdenticalToolRun)
	assert.Equal(t, ptr(1), c.LongestIdenticalToolRun)
	assert.Equal(t, floatPtr(2), a.RunningTime)
	assert.Nil(t, b.RunningTime, "never started")
	assert.Equal(t, floatPtr(2), c.RunningTime)
	assert.Equal(t, 2, a.GateChecks)
	assert.Equal(t, floatPtr(1.5), a.FirstPassTime)
	assert.Equal(t, DeliveryNotify, a.DeliveryEffective)
	assert.Nil(t, a.Waits, "no wait offered")
	assert.Equal(t, []string{}, m.NotifyUnwired)
}

func TestBuildMetricsNoAnswer(t *testing.T) {
	t.Parallel()
	res := metricsResult()
	res.Record.Final.Member = nil
	assert.Nil(t, BuildMetrics(res, MetricsInput{}).StepsToAnswer)
}

// TestCommMetrics counts a channel's evidence per member: delivered
// records with the bytes their send carried, rejections by control, reads,
// listings and notices; other channels and strangers are ignored.
func TestCommMetrics(t *testing.T) {
	t.Parallel()
	in := MetricsInput{Channels: []string{"messages", "shared_memory"}, WaitsOffered: true, Comms: []CommEvent{
		{Kind: CommSent, Member: "a", Channel: "messages", Record: "m-1", PayloadBytes: 5},
		{Kind: CommDelivered, Member: "a", Channel: "messages", Record: "m-1"},
		{Kind: CommSent, Member: "a", Channel: "messages", Record: "m-2", Rejected: "rate"},
		{Kind: CommSent, Member: "a", Channel: "messages", Record: "m-3", Rejected: "rate"},
		{Kind: CommRead, Member: "b", Channel: "messages"},
		{Kind: CommRead, Member: "b", Channel: "shared_memory", Listing: true},
		{Kind: CommNotified, Member: "b", Channel: "messages"},
		{Kind: CommRead, Member: "b", Channel: "filesystem"},
		{Kind: CommRead, Member: "zed", Channel: "messages"},
	}, Waits: []WaitEvent{{Member: "b", Outcome: "news", Duration: 1.5, Idle: 1}, {Member: "b", Outcome: "timeout", Duration: 2, Idle: 2}}}
	m := BuildMetrics(metricsResult(), in)
	a, b := m.Members[0], m.Members[1]
	rate := Counts{}
	rate.Add("rate")
	rate.Add("rate")
	assert.Equal(t, CommMetrics{Records: 1, RecordBytes: 5, Rejections: rate}, *a.Comm.Get("messages"))
	assert.Equal(t, CommMetrics{Reads: 1, Notices: 1}, *b.Comm.Get("messages"))
	assert.Equal(t, 1, b.Comm.Get("shared_memory").Listings)
	assert.Nil(t, b.Comm.Get("filesystem"), "not a channel with records")
	assert.Equal(t, ptr(2), b.Waits)
	byOutcome, err := json.Marshal(b.WaitsByOutcome)
	require.NoError(t, err)
	assert.Equal(t, `{"news":1,"timeout":1}`, string(byOutcome), "outcomes in the order they first came")
	assert.Equal(t, floatPtr(3.5), b.WaitTime)
	assert.Equal(t, floatPtr(3), b.IdleTime)
	assert.Equal(t, ptr(0), a.Waits, "offered and unused")
	raw, err := json.Marshal(a.Comm)
	require.NoError(t, err)
	assert.Equal(t, `{"messages":{"records":1,"record_bytes":5,"rejections":{"rate":2},"reads":0,"listings":0,"notices":0},`+
		`"shared_memory":{"records":0,"record_bytes":0,"rejections":{},"reads":0,"listings":0,"notices":0}}`, string(raw),
		"channels in the order the swarm opened them")
}
