package swarm

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hostmodel "github.com/swarmhost/swarmhost/host/model"
	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

func TestRecordRosterOrderAndFieldOrder(t *testing.T) {
	t.Parallel()
	ag := newAgent(map[string][]step{
		"zeta":  {sleep(120 * time.Millisecond), answer("Z")},
		"alpha": {sleep(20 * time.Millisecond), answer("A")},
		"mid":   {fail("no")},
	})
	res := run(t, context.Background(), Spec{Members: roster(ag, newMock(t, "m"), "zeta", "alpha", "mid"),
		Controller: &testController{}, ContainMemberErrors: true}, Hooks{})
	require.NoError(t, res.Error)
	assert.Equal(t, []string{"zeta", "alpha", "mid"}, names(res.Record), "roster order, not end order or name order")
	assert.Equal(t, ptr("alpha"), res.Record.Final.Member)

	raw, err := json.Marshal(res.Record)
	require.NoError(t, err)
	assert.Equal(t, []string{"version", "members", "final"}, keyOrder(t, raw))
	var top struct {
		Version int               `json:"version"`
		Members []json.RawMessage `json:"members"`
		Final   json.RawMessage   `json:"final"`
	}
	require.NoError(t, json.Unmarshal(raw, &top))
	assert.Equal(t, 1, top.Version)
	memberKeys := []string{"name", "role", "state", "status", "submitted", "time", "sandbox",
		"gate_checks", "gate_passes", "first_pass_time"}
	for _, m := range top.Members {
		assert.Equal(t, memberKeys, keyOrder(t, m))
	}
	assert.Equal(t, []string{"mode", "member", "reason", "provisional"}, keyOrder(t, top.Final))
	assert.JSONEq(t, `{"mode":"first","member":"alpha","reason":null,"provisional":false}`, string(top.Final))
}

func TestOnRecordHook(t *testing.T) {
	t.Parallel()
	ag := newAgent(map[string][]step{
		"a": {sleep(100 * time.Millisecond), answer("A")},
		"b": {sleep(200 * time.Millisecond), answer("B")},
		"c": {answer("C")},
	})
	log := newRecordLog(nil)
	spec := Spec{Members: roster(ag, newMock(t, "m"), "a", "b", "c"),
		Controller: &testController{startOnly: []string{"a", "b"}}}
	res := run(t, context.Background(), spec, log.hooks())
	require.NoError(t, res.Error)
	records := log.all()
	require.GreaterOrEqual(t, len(records), 5, "start, 2 starts, 2 ends, final")

	first := records[0]
	assert.Equal(t, []string{"a", "b", "c"}, names(first))
	for _, m := range first.Members {
		assert.Equal(t, StatePending, m.State)
		assert.Nil(t, m.Status)
		assert.Nil(t, m.Time)
	}
	assert.Equal(t, Final{Reason: ptr("no_submissions"), Provisional: true}, first.Final)

	rank := map[string]int{StatePending: 0, StateRunning: 1, StateEnded: 2}
	seen := map[string]map[string]bool{}
	prev := map[string]int{}
	for i, r := range records {
		for _, m := range r.Members {
			assert.GreaterOrEqual(t, rank[m.State], prev[m.Name], "record %d: %s went back to %s", i, m.Name, m.State)
			prev[m.Name] = rank[m.State]
			if seen[m.Name] == nil {
				seen[m.Name] = map[string]bool{}
			}
			seen[m.Name][m.State] = true
		}
		if i < len(records)-1 {
			assert.True(t, r.Final.Provisional, "record %d is provisional", i)
		}
	}
	for _, n := range []string{"a", "b"} {
		assert.Equal(t, map[string]bool{StatePending: true, StateRunning: true, StateEnded: true}, seen[n], n)
	}
	assert.Equal(t, map[string]bool{StatePending: true}, seen["c"])

	// The provisional answer appears as soon as a has submitted.
	var provisionalA bool
	for _, r := range records {
		if member(t, r, "a").Submitted && str(member(t, r, "b").Status) == "" {
			assert.Equal(t, Final{Mode: ptr("first"), Member: ptr("a"), Provisional: true}, r.Final)
			provisionalA = true
		}
	}
	assert.True(t, provisionalA, "a record showed a's provisional answer while b ran")

	last := records[len(records)-1]
	assert.Empty(t, cmp.Diff(res.Record, last), "the last published record is the result's")
	assert.False(t, last.Final.Provisional)
}

func TestOutputUnchangedAndMessages(t *testing.T) {
	t.Parallel()
	out := model.Output{
		Model: "mockllm/special",
		Message: model.Message{ID: "msg-7", Role: model.RoleAssistant, Content: "The answer is 42.",
			Model: "mockllm/special", Source: "generate", Metadata: map[string]any{"k": "v"},
			ToolCalls: []model.ToolCall{{ID: "t1", Function: "submit", Arguments: map[string]any{"answer": "42"}}}},
		Completion: "42",
		StopReason: "tool_calls",
		Usage:      model.Usage{InputTokens: 3, OutputTokens: 4, TotalTokens: 7},
		Time:       1.5,
	}
	sample := Sample{ID: "q", Epoch: 2, Input: []model.Message{
		{Role: model.RoleSystem, Content: "Be brief.", Metadata: map[string]any{"x": 1}},
		{Role: model.RoleUser, Content: "What is 6x7?", Source: "input"},
	}}
	sampleCopy := Sample{ID: "q", Epoch: 2, Input: []model.Message{
		{Role: model.RoleSystem, Content: "Be brief.", Metadata: map[string]any{"x": 1}},
		{Role: model.RoleUser, Content: "What is 6x7?", Source: "input"},
	}}
	for _, mode := range []controller.FinalMode{controller.FinalFirst, controller.FinalLast} {
		t.Run(string(mode), func(t *testing.T) {
			t.Parallel()
			ag := newAgent(map[string][]step{
				"a": {giveUp("content_filter")},
				"b": {returnOutput(out)},
			})
			spec := Spec{Members: roster(ag, newMock(t, "m"), "a", "b"), Controller: &testController{mode: mode}}
			res := runSample(t, context.Background(), spec, sample, Hooks{})
			require.NoError(t, res.Error)
			assert.Empty(t, cmp.Diff(out, res.Output), "output unchanged")
			assert.Equal(t, map[string]any{"k": "v"}, res.Output.Message.Metadata, "the output's own metadata is untouched")

			require.Len(t, res.Messages, 3)
			assert.Empty(t, cmp.Diff(sampleCopy.Input, res.Messages[:2]), "messages start with the sample input")
			wantMsg := out.Message
			wantMsg.Metadata = map[string]any{"k": "v", "inspect_swarm": map[string]any{"final": AnswerFinal{Mode: ptr(string(mode)), Member: ptr("b")}}}
			assert.Empty(t, cmp.Diff(wantMsg, res.Messages[2]))
			assert.Empty(t, cmp.Diff(sampleCopy, sample), "the sample input is not mutated")
		})
	}
}

func TestGateChecks(t *testing.T) {
	t.Parallel()
	gate := func(_ context.Context, member, answer string) (agent.Verdict, error) {
		switch answer {
		case "boom":
			return agent.Verdict{}, errors.New("scorer crashed")
		case "42":
			return agent.Verdict{Passed: true, Score: scorer.Score{Value: "C"}}, nil
		default:
			return agent.Verdict{Score: scorer.Score{Value: "I"}}, nil
		}
	}
	t.Run("on", func(t *testing.T) {
		t.Parallel()
		ag := newAgent(map[string][]step{
			"a": {submit("41"), sleep(30 * time.Millisecond), submit("42"), submit("boom"), submit("42"), answer("42")},
			"b": {sleep(100 * time.Millisecond), submit("7"), answer("7")},
			"c": {answer("nothing checked")},
		})
		ctrl := &testController{mode: controller.FinalController, choose: func(req controller.ChooseRequest) controller.ChooseResponse {
			for _, s := range req.Submissions {
				if s.Gate.Passed {
					return controller.ChooseResponse{Member: s.Member, Reason: "passed the gate"}
				}
			}
			return controller.ChooseResponse{}
		}}
		res := run(t, context.Background(), Spec{Members: roster(ag, newMock(t, "m"), "a", "b", "c"), Controller: ctrl, Gate: gate}, Hooks{})
		require.NoError(t, res.Error)

		a := ag.observed("a")
		assert.Equal(t, []agent.Verdict{
			{Checked: true, Score: scorer.Score{Value: "I"}},
			{Checked: true, Passed: true, Score: scorer.Score{Value: "C"}},
			{Checked: true, Passed: true, Score: scorer.Score{Value: "C"}},
		}, a.verdicts)
		require.Len(t, a.subErrs, 1)
		assert.ErrorContains(t, a.subErrs[0], "scorer crashed")

		ra := member(t, res.Record, "a")
		assert.Equal(t, 3, ra.GateChecks)
		assert.Equal(t, 2, ra.GatePasses)
		require.NotNil(t, ra.FirstPassTime)
		assert.Greater(t, *ra.FirstPassTime, 0.02, "the first pass came after the 30 ms sleep")
		assert.LessOrEqual(t, *ra.FirstPassTime, *ra.Time)
		rb := member(t, res.Record, "b")
		assert.Equal(t, 1, rb.GateChecks)
		assert.Equal(t, 0, rb.GatePasses)
		assert.Nil(t, rb.FirstPassTime)
		rc := member(t, res.Record, "c")
		assert.Equal(t, 0, rc.GateChecks)
		assert.Nil(t, rc.FirstPassTime)

		gates := map[string]controller.Gate{}
		for _, ev := range ctrl.eventLog() {
			if ev.Event.Kind == controller.EventSubmission {
				gates[ev.Event.Member] = ev.Event.Gate
			}
		}
		assert.Equal(t, map[string]controller.Gate{
			"a": {Checked: true, Passed: true}, "b": {Checked: true}, "c": {},
		}, gates, "each submission carries the member's latest verdict")
		assert.Equal(t, Final{Mode: ptr("controller"), Member: ptr("a"), Reason: ptr("passed the gate")}, res.Record.Final)
	})
	t.Run("off", func(t *testing.T) {
		t.Parallel()
		ag := newAgent(map[string][]step{"a": {submit("42"), answer("42")}})
		res := run(t, context.Background(), Spec{Members: roster(ag, newMock(t, "m"), "a"), Controller: &testController{}}, Hooks{})
		require.NoError(t, res.Error)
		assert.Equal(t, []agent.Verdict{{}}, ag.observed("a").verdicts, "not checked")
		ra := member(t, res.Record, "a")
		assert.Equal(t, 0, ra.GateChecks)
		assert.Equal(t, 0, ra.GatePasses)
		assert.Nil(t, ra.FirstPassTime)
	})
}

// TestUsage checks the exact mockllm token arithmetic, ceil(chars/4), summed
// per member and per model. Every call sends the sample input "What is
// 6x7?" (12 chars) and a prompt.
func TestUsage(t *testing.T) {
	t.Parallel()
	one := newMock(t, "one", "abcdefgh") // 8 chars = 2 tokens
	two := newMock(t, "two", "xyz")      // 3 chars = 1 token
	ag := newAgent(map[string][]step{
		// 12+2 = 14 chars = 4 in; "abcdefgh" = 2 out; then 4 in and the
		// default output (33 chars) = 9 out.
		"a": {generate("hi"), generate("hi"), answerLast()},
		// 12+5 = 17 chars = 5 in; "xyz" = 1 out.
		"b": {generate("hello"), answerLast()},
		// 12+4 = 16 chars = 4 in; "abcdefgh" = 2 out (c's own turn).
		"c": {generate("four"), answerLast()},
		// No call: no usage entry.
		"d": {answer("D")},
	})
	members := roster(ag, one, "a", "b", "c", "d")
	members[1].Model = two
	res := run(t, context.Background(), Spec{Members: members, Controller: &testController{}}, Hooks{})
	require.NoError(t, res.Error)
	assert.Equal(t, map[string]model.Usage{
		"a": {InputTokens: 8, OutputTokens: 11, TotalTokens: 19},
		"b": {InputTokens: 5, OutputTokens: 1, TotalTokens: 6},
		"c": {InputTokens: 4, OutputTokens: 2, TotalTokens: 6},
	}, res.UsageByMember)
	assert.Equal(t, map[string]model.Usage{
		"mockllm/one": {InputTokens: 12, OutputTokens: 13, TotalTokens: 25},
		"mockllm/two": {InputTokens: 5, OutputTokens: 1, TotalTokens: 6},
	}, res.UsageByModel)
	assert.Equal(t, "xyz", ag.observed("b").outputs[0].Completion)
}

func TestEvents(t *testing.T) {
	t.Parallel()
	ag := newAgent(map[string][]step{
		"a": {generate("one"), sleep(20 * time.Millisecond), generate("two"), answerLast()},
		"b": {callTool("echo"), callTool("nope"), fail("done")},
		"c": {answer("never started")},
		"d": {callTool("echo"), answer("D")},
	})
	members := roster(ag, newMock(t, "m"), "a", "b", "c", "d")
	members[1].Tools = echoTools{}
	res := run(t, context.Background(), Spec{Members: members, Controller: &testController{startOnly: []string{"a", "b", "d"}},
		ContainMemberErrors: true}, Hooks{})
	require.NoError(t, res.Error)

	byMember := map[string][]Event{}
	for e := range res.Events.All() {
		require.NotEmpty(t, e.Member, "every event is attributed")
		assert.Equal(t, "member-"+e.Member, e.SpanID)
		byMember[e.Member] = append(byMember[e.Member], e)
	}
	assert.NotContains(t, byMember, "c", "no evidence for a member never started")
	kinds := func(es []Event) []string {
		var out []string
		for _, e := range es {
			out = append(out, e.Kind)
		}
		return out
	}
	assert.Equal(t, []string{EventSpanBegin, EventModel, EventModel, EventSpanEnd}, kinds(byMember["a"]))
	assert.Equal(t, []string{EventSpanBegin, EventTool, EventTool, EventSpanEnd}, kinds(byMember["b"]))
	assert.Equal(t, []string{EventSpanBegin, EventTool, EventSpanEnd}, kinds(byMember["d"]))

	m1, m2 := byMember["a"][1], byMember["a"][2]
	assert.Equal(t, "mockllm/m", m1.ModelName)
	assert.Equal(t, "one", m1.Input[len(m1.Input)-1].Content)
	assert.Equal(t, "two", m2.Input[len(m2.Input)-1].Content)
	assert.Equal(t, hostmodel.DefaultMockOutput, m1.Output.Completion)
	assert.False(t, m1.Completed.Before(m1.Time))
	assert.False(t, m2.Time.Before(m1.Completed))

	echo, nope := byMember["b"][1], byMember["b"][2]
	assert.Equal(t, "echo", echo.Call.Function)
	assert.Equal(t, "echoed", echo.Result)
	assert.Nil(t, echo.ToolError)
	require.NotNil(t, nope.ToolError)
	assert.Equal(t, "no tool nope", nope.ToolError.Message)
	b := ag.observed("b")
	assert.Equal(t, []model.ToolInfo{{Name: "echo"}}, b.listed)

	// d has no tools: listing is empty and a call is a tool error, not a Go error.
	d := ag.observed("d")
	assert.Empty(t, d.listed)
	require.Len(t, d.tools, 1)
	require.NotNil(t, d.tools[0].Error)
	assert.Equal(t, "unknown", d.tools[0].Error.Type)
	assert.Equal(t, "unknown", byMember["d"][1].ToolError.Type)
}
