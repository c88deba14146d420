package swarm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/schema"
)

// longest chooses the longest answer so far.
func longest(req controller.ChooseRequest) controller.ChooseResponse {
	best := req.Submissions[0]
	for _, s := range req.Submissions[1:] {
		if len(s.Answer) > len(best.Answer) {
			best = s
		}
	}
	return controller.ChooseResponse{Member: best.Member, Reason: "longest answer"}
}

// TestControllerChoosesOnce: a controller that takes answers is asked to
// choose after each submission and member end until it chooses; its
// choice is final and, until then, the first rule gives the provisional
// answer. Each member goes on only once the controller was asked about the
// submissions before it (never by sleeps: a loaded machine reorders them).
func TestControllerChoosesOnce(t *testing.T) {
	t.Parallel()
	asked := []chan struct{}{make(chan struct{}), make(chan struct{})}
	var once [2]sync.Once
	ag := newAgent(map[string][]step{
		"a": {answer("A")},
		"b": {waitFor(asked[0]), answer("BB")},
		"c": {waitFor(asked[1]), answer("CCC")},
		"d": {waitFor(asked[0]), fail("no answer")},
	})
	ctrl := &testController{answers: true, choose: func(req controller.ChooseRequest) controller.ChooseResponse {
		if n := len(req.Submissions); n < 3 {
			once[n-1].Do(func() { close(asked[n-1]) })
			return controller.ChooseResponse{}
		}
		return longest(req)
	}}
	log := newRecordLog(nil)
	spec := Spec{Members: roster(ag, newMock(t, "m"), "a", "b", "c", "d"), Controller: ctrl,
		ControllerConfig: schema.NewConfig([]byte(`{"k":"v"}`)), ContainMemberErrors: true}
	res := run(t, context.Background(), spec, log.hooks())
	require.NoError(t, res.Error)

	chooses := ctrl.chooseLog()
	require.NotEmpty(t, chooses)
	var grew []int
	for _, c := range chooses {
		for _, s := range c.Submissions {
			assert.Equal(t, map[string]string{"a": "A", "b": "BB", "c": "CCC"}[s.Member], s.Answer, "answers are sent")
			assert.Positive(t, s.Time)
		}
		if n := len(c.Submissions); len(grew) == 0 || grew[len(grew)-1] != n {
			grew = append(grew, n)
		}
		assert.Len(t, c.Roster, 4)
		assert.Equal(t, schema.NewConfig([]byte(`{"k":"v"}`)), c.Config)
	}
	assert.Equal(t, []int{1, 2, 3}, grew, "asked as submissions come")
	last := chooses[len(chooses)-1]
	assert.Len(t, last.Submissions, 3, "never asked again after the choice")

	assert.Equal(t, Final{Mode: ptr("controller"), Member: ptr("c"), Reason: ptr("longest answer")}, res.Record.Final)
	assert.Equal(t, "CCC", res.Output.Completion)
	assert.Equal(t, StopAllDone, res.StopReason)

	var provisional []string
	for _, r := range log.all() {
		if r.Final.Provisional && r.Final.Member != nil {
			if n := len(provisional); n == 0 || provisional[n-1] != *r.Final.Member {
				provisional = append(provisional, *r.Final.Member)
			}
		}
	}
	assert.Equal(t, []string{"a", "c"}, provisional, "the first rule until the choice, then the choice")
}

// TestControllerWithoutAnswers: a controller that did not opt in sees no
// answer text or gate verdict and is never asked to choose.
func TestControllerWithoutAnswers(t *testing.T) {
	t.Parallel()
	ag := newAgent(map[string][]step{"a": {answer("A")}})
	ctrl := &testController{choose: longest}
	res := run(t, context.Background(), Spec{Members: roster(ag, newMock(t, "m"), "a"), Controller: ctrl}, Hooks{})
	require.NoError(t, res.Error)
	assert.Empty(t, ctrl.chooseLog())
	for _, e := range ctrl.eventLog() {
		assert.Equal(t, "", e.Event.Answer)
		assert.Equal(t, controller.Gate{}, e.Event.Gate)
	}
	assert.Equal(t, Final{Mode: ptr("first"), Member: ptr("a")}, res.Record.Final)
}

// TestControllerInvalidActions: starting a member twice or by an unknown
// name, and choosing a member that did not submit, twice or by an unknown
// name, fail the controller with a clear error and end the sample; a
// start after the stop is dropped, as the controller is out of the run.
func TestControllerInvalidActions(t *testing.T) {
	t.Parallel()
	choose := func(acts ...controller.Action) func(req controller.EventRequest) []controller.Action {
		return func(req controller.EventRequest) []controller.Action {
			if req.Event.Kind == controller.EventSubmission && req.Event.Member == "a" {
				return acts
			}
			return nil
		}
	}
	cases := map[string]struct {
		ctrl    *testController
		wantErr string
	}{
		"start twice": {ctrl: &testController{startOnly: []string{"a", "b", "a"}},
			wantErr: `controller start: started "a" again: the member has already started (state running), and a member runs once`},
		"start an unknown member": {ctrl: &testController{startOnly: []string{"a", "ghost"}},
			wantErr: `controller start: started "ghost": no member has this name; the members are a, b`},
		"choose a member that has not submitted": {ctrl: &testController{onEvent: choose(controller.ChooseAnswer("b", ""))},
			wantErr: `controller event submission: chose "b": the member has not ended with a submission (state running, status none); only a submission can be the answer`},
		"choose twice": {ctrl: &testController{onEvent: choose(controller.ChooseAnswer("a", "x"), controller.ChooseAnswer("a", "y"))},
			wantErr: `controller event submission: chose "a": the controller has already chosen "a", and it chooses once`},
		"choose an unknown member": {ctrl: &testController{onEvent: choose(controller.ChooseAnswer("ghost", ""))},
			wantErr: `controller event submission: chose "ghost": no member has this name; the members are a, b`},
		"start after the stop is dropped": {ctrl: &testController{startActions: []controller.Action{
			controller.Start("a", ""), controller.Stop("enough"), controller.Start("b", ""), controller.Start("ghost", "")}}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ag := newAgent(map[string][]step{"a": {answer("A")}, "b": {block()}})
			res := run(t, context.Background(), Spec{Members: roster(ag, newMock(t, "m"), "a", "b"), Controller: tc.ctrl}, Hooks{})
			if tc.wantErr == "" {
				require.NoError(t, res.Error)
				assert.Equal(t, "controller:enough", res.StopReason)
				assert.Equal(t, StatePending, member(t, res.Record, "b").State)
				return
			}
			require.Error(t, res.Error)
			assert.EqualError(t, res.Error, tc.wantErr)
			assert.True(t, res.Interrupted, "the controller's error ends the sample")
			assert.NotEqual(t, StateRunning, member(t, res.Record, "b").State)
		})
	}
}

// TestControllerChoosesByAction: ActionChoose makes a submitted member the
// answer over the final rule, with its reason.
func TestControllerChoosesByAction(t *testing.T) {
	t.Parallel()
	ag := newAgent(map[string][]step{"a": {answer("A")}, "b": {sleep(50 * time.Millisecond), answer("B")}})
	ctrl := &testController{onEvent: func(req controller.EventRequest) []controller.Action {
		if req.Event.Kind == controller.EventSubmission && req.Event.Member == "b" {
			return []controller.Action{controller.ChooseAnswer("b", "reviewed"), controller.Stop("verified")}
		}
		return nil
	}}
	res := run(t, context.Background(), Spec{Members: roster(ag, newMock(t, "m"), "a", "b"), Controller: ctrl}, Hooks{})
	require.NoError(t, res.Error)
	assert.Equal(t, Final{Mode: ptr("controller"), Member: ptr("b"), Reason: ptr("reviewed")}, res.Record.Final)
	assert.Equal(t, "B", res.Output.Completion)
	assert.Equal(t, StopVerified, res.StopReason, "a topology reason is recorded bare")
}

func TestControllerFailures(t *testing.T) {
	t.Parallel()
	errBoom := errors.New("boom")
	cases := map[string]struct {
		ctrl        *testController
		timeout     time.Duration
		errContains string
		errIs       error
		// want is the provisional final member ("" for none).
		want     string
		wantMode *string
		statuses map[string]string
	}{
		"start fails": {
			ctrl: &testController{startErr: errBoom}, errContains: "controller start", errIs: errBoom,
			statuses: map[string]string{"a": "", "b": ""},
		},
		"event fails on a start; the running members are cancelled": {
			ctrl:        &testController{eventErr: errBoom, eventErrKind: controller.EventMemberStarted},
			errContains: "controller event member_started", errIs: errBoom,
			statuses: map[string]string{"a": "cancelled", "b": "cancelled"},
		},
		"start hangs past the controller timeout": {
			ctrl: &testController{hangStart: true}, timeout: 100 * time.Millisecond,
			errContains: "controller start", errIs: context.DeadlineExceeded,
			statuses: map[string]string{"a": "", "b": ""},
		},
		"start returns an unknown final mode": {
			ctrl: &testController{mode: "best"}, errContains: `unknown final mode "best"`,
			statuses: map[string]string{"a": "", "b": ""},
		},
		"event fails on a submission": {
			ctrl:        &testController{eventErr: errBoom, eventErrKind: controller.EventSubmission},
			errContains: "controller event submission", errIs: errBoom,
			want: "a", wantMode: ptr("first"),
			statuses: map[string]string{"a": "submitted", "b": "cancelled"},
		},
		"event hangs past the controller timeout": {
			ctrl: &testController{hangEvent: controller.EventSubmission}, timeout: 150 * time.Millisecond,
			errContains: "controller event submission", errIs: context.DeadlineExceeded,
			want: "a", wantMode: ptr("first"),
			statuses: map[string]string{"a": "submitted", "b": "cancelled"},
		},
		"choose hangs past the controller timeout": {
			ctrl:    &testController{answers: true, hangChoose: true},
			timeout: 150 * time.Millisecond, errContains: "controller choose", errIs: context.DeadlineExceeded,
			want: "a", wantMode: ptr("first"),
			statuses: map[string]string{"a": "submitted", "b": "cancelled"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ag := newAgent(map[string][]step{
				"a": {sleep(60 * time.Millisecond), answer("A")},
				"b": {pollUntilRefused(30 * time.Millisecond)},
			})
			spec := Spec{Members: roster(ag, newMock(t, "m"), "a", "b"), Controller: tc.ctrl,
				ControllerTimeout: tc.timeout, Grace: 5 * time.Second}
			res := run(t, context.Background(), spec, Hooks{})
			require.Error(t, res.Error)
			assert.ErrorContains(t, res.Error, tc.errContains)
			if tc.errIs != nil {
				assert.ErrorIs(t, res.Error, tc.errIs)
			}
			assert.Equal(t, "", res.StopReason, "an error is no stop: the ledger's stop_reason is null")
			assert.True(t, res.Interrupted)
			assert.Equal(t, tc.statuses, statuses(res.Record))
			f := res.Record.Final
			assert.True(t, f.Provisional, "a controller failure leaves the record provisional")
			assert.Equal(t, tc.wantMode, f.Mode)
			if tc.want == "" {
				assert.Nil(t, f.Member)
				assert.Equal(t, "", res.Output.Completion)
			} else {
				assert.Equal(t, ptr(tc.want), f.Member)
				assert.Equal(t, "A", res.Output.Completion, "the answer so far is the output")
			}
			if tc.ctrl.eventErr != nil || tc.ctrl.hangEvent != "" {
				events := tc.ctrl.eventLog()
				require.NotEmpty(t, events)
				last := events[len(events)-1].Event.Kind
				assert.Contains(t, []controller.EventKind{tc.ctrl.eventErrKind, tc.ctrl.hangEvent}, last,
					"no event is delivered after the controller failed")
			}
		})
	}
}

func TestControllerStartsOnlySome(t *testing.T) {
	t.Parallel()
	ag := newAgent(map[string][]step{
		"a": {sleep(20 * time.Millisecond), answer("A")},
		"b": {answer("B")},
		"c": {sleep(60 * time.Millisecond), answer("C")},
	})
	ctrl := &testController{startOnly: []string{"a", "c"}}
	res := run(t, context.Background(), Spec{Members: roster(ag, newMock(t, "m"), "a", "b", "c"), Controller: ctrl}, Hooks{})
	require.NoError(t, res.Error)
	assert.Nil(t, ag.observed("b"), "b never ran")
	b := member(t, res.Record, "b")
	assert.Equal(t, StatePending, b.State)
	assert.Nil(t, b.Status)
	assert.Nil(t, b.Time)
	assert.False(t, b.Submitted)
	raw, err := json.Marshal(b)
	require.NoError(t, err)
	assert.Contains(t, string(raw), `"status":null`)
	assert.Contains(t, string(raw), `"time":null`)
	assert.Equal(t, map[string]string{"a": "submitted", "b": "", "c": "submitted"}, statuses(res.Record))
	assert.Equal(t, ptr("a"), res.Record.Final.Member)
	assert.False(t, res.Record.Final.Provisional)
	assert.Equal(t, StopAllDone, res.StopReason)
}

func TestControllerActions(t *testing.T) {
	t.Parallel()
	t.Run("stop in Start closes scheduling at once", func(t *testing.T) {
		t.Parallel()
		ag := newAgent(map[string][]step{"a": {pollUntilRefused(20 * time.Millisecond)}, "b": {answer("B")}})
		ctrl := &testController{startActions: []controller.Action{
			controller.Start("a", ""), controller.Stop("enough"), controller.Start("b", ""),
			{Kind: controller.ActionKind(99)},
		}}
		res := run(t, context.Background(), Spec{Members: roster(ag, newMock(t, "m"), "a", "b"), Controller: ctrl}, Hooks{})
		require.NoError(t, res.Error)
		assert.Equal(t, "controller:enough", res.StopReason)
		assert.Equal(t, map[string]string{"a": "stopped", "b": ""}, statuses(res.Record))
		assert.Equal(t, StatePending, member(t, res.Record, "b").State)
		assert.Equal(t, Final{Reason: ptr("no_submissions")}, res.Record.Final, "a controller stop is a normal end")
	})
	t.Run("an event starts the next member with its own input", func(t *testing.T) {
		t.Parallel()
		ag := newAgent(map[string][]step{"a": {sleep(20 * time.Millisecond), answer("A")}, "b": {answer("B")}})
		ctrl := &testController{mode: controller.FinalLast, startOnly: []string{"a"},
			onEvent: func(req controller.EventRequest) []controller.Action {
				if req.Event.Kind == controller.EventMemberEnded && req.Event.Member == "a" {
					return []controller.Action{controller.Start("b", "round two")}
				}
				return nil
			}}
		res := run(t, context.Background(), Spec{Members: roster(ag, newMock(t, "m"), "a", "b"), Controller: ctrl}, Hooks{})
		require.NoError(t, res.Error)
		assert.Equal(t, map[string]string{"a": "submitted", "b": "submitted"}, statuses(res.Record))
		assert.Equal(t, ptr("b"), res.Record.Final.Member)
		assert.Equal(t, []model.Message{{Role: model.RoleUser, Content: "round two", Source: "input"}},
			ag.observed("b").req.Input)
		assert.Greater(t, *member(t, res.Record, "b").Time, *member(t, res.Record, "a").Time)
	})
}

// TestControllerEventSequence checks what the controller is told: each
// member's started, submission and ended events in order, one call at a
// time, with the roster as it is after the event, and End once.
func TestControllerEventSequence(t *testing.T) {
	t.Parallel()
	ag := newAgent(map[string][]step{
		"a": {sleep(20 * time.Millisecond), answer("A")},
		"b": {sleep(80 * time.Millisecond), fail("broken")},
		"c": {sleep(140 * time.Millisecond), answer("C")},
	})
	ctrl := &testController{answers: true}
	cfg := schema.NewConfig([]byte(`{"stop_on_submission":false}`))
	res := run(t, context.Background(), Spec{Members: roster(ag, newMock(t, "m"), "a", "b", "c"),
		Controller: ctrl, ControllerConfig: cfg, ContainMemberErrors: true}, Hooks{})
	require.NoError(t, res.Error)

	ctrl.mu.Lock()
	overlap, starts, sessions := ctrl.overlap, ctrl.starts, ctrl.sessions
	ctrl.mu.Unlock()
	assert.False(t, overlap, "Event calls never overlap")
	require.Len(t, starts, 1)
	assert.Equal(t, cfg, starts[0].Config)
	assert.Equal(t, controller.SampleRef{ID: "s1", Epoch: 1}, starts[0].Sample)
	for _, m := range starts[0].Roster {
		assert.Equal(t, controller.StatePending, m.State)
		assert.Empty(t, m.Status)
	}
	assert.Equal(t, []string{"a", "b", "c"}, []string{starts[0].Roster[0].Name, starts[0].Roster[1].Name, starts[0].Roster[2].Name})
	assert.True(t, strings.HasPrefix(starts[0].Session, "s1/1/"), "session names the sample: %s", starts[0].Session)
	assert.Equal(t, []string{starts[0].Session}, sessions, "End is called once with the session")

	perMember := map[string][]controller.EventKind{}
	var last float64
	for _, req := range ctrl.eventLog() {
		ev := req.Event
		assert.Equal(t, starts[0].Session, req.Session)
		assert.Equal(t, cfg, req.Config)
		perMember[ev.Member] = append(perMember[ev.Member], ev.Kind)
		assert.GreaterOrEqual(t, ev.Time, last, "events arrive in swarm-time order")
		last = ev.Time
		for _, m := range req.Roster {
			if m.Name != ev.Member {
				continue
			}
			switch ev.Kind {
			case controller.EventMemberEnded:
				assert.Equal(t, controller.StateEnded, m.State)
				assert.Equal(t, ev.Status, m.Status)
			case controller.EventSubmission:
				assert.Equal(t, controller.StateEnded, m.State)
				assert.Equal(t, controller.StatusSubmitted, m.Status)
			}
		}
		switch {
		case ev.Kind == controller.EventSubmission:
			assert.Equal(t, strings.ToUpper(ev.Member), ev.Answer)
		case ev.Kind == controller.EventMemberEnded:
			assert.Equal(t, map[string]controller.Status{"a": controller.StatusSubmitted, "b": controller.StatusErrored, "c": controller.StatusSubmitted}[ev.Member], ev.Status)
		}
	}
	assert.Equal(t, map[string][]controller.EventKind{
		"a": {controller.EventMemberStarted, controller.EventSubmission, controller.EventMemberEnded},
		"b": {controller.EventMemberStarted, controller.EventMemberEnded},
		"c": {controller.EventMemberStarted, controller.EventSubmission, controller.EventMemberEnded},
	}, perMember)
}

func TestMemberInputAndPreamble(t *testing.T) {
	t.Parallel()
	channels := func(m Member) []string { return []string{"Notes go in notes.md, " + m.Name + "."} }
	t.Run("controller input replaces the sample input; the preamble follows as a user message", func(t *testing.T) {
		t.Parallel()
		ag := newAgent(map[string][]step{"a": {answer("A")}, "b": {answer("B")}})
		members := roster(ag, newMock(t, "m"), "a", "b")
		members[1].Role, members[1].Index, members[1].Config = "critic", 2, schema.NewConfig([]byte(`{"x":1}`))
		ctrl := &testController{inputs: map[string]string{"b": "Review the answer."}}
		res := run(t, context.Background(), Spec{Members: members, Controller: ctrl, Channels: channels}, Hooks{})
		require.NoError(t, res.Error)

		a, b := ag.observed("a").req, ag.observed("b").req
		a.Input, b.Input = withoutIDs(a.Input), withoutIDs(b.Input)
		wantA := "You are a. A swarm of 2 agents works on this task at once, and you are one of them.\n\nNotes go in notes.md, a."
		wantB := "You are b. A swarm of 2 agents works on this task at once, and you are one of them.\n\nYour role is critic." +
			"\n\nNotes go in notes.md, b."
		assert.Equal(t, append(append([]model.Message(nil), testSample().Input...),
			model.Message{Role: model.RoleUser, Content: wantA, Source: "input"}), a.Input)
		assert.Equal(t, []model.Message{{Role: model.RoleUser, Content: "Review the answer.", Source: "input"},
			{Role: model.RoleUser, Content: wantB, Source: "input"}}, b.Input)
		assert.Equal(t, wantA, a.Preamble, "given apart too")
		assert.Equal(t, "critic", b.Role)
		assert.Equal(t, 2, b.Index)
		assert.Equal(t, schema.NewConfig([]byte(`{"x":1}`)), b.Config)
		assert.Equal(t, "b", b.Member)
		assert.Equal(t, "s1", b.Sample.ID)
		assert.Equal(t, 1, b.Sample.Epoch)
		assert.Equal(t, ptr("critic"), member(t, res.Record, "b").Role)
		assert.Nil(t, member(t, res.Record, "a").Role)
	})
	t.Run("the sample's metadata", func(t *testing.T) {
		t.Parallel()
		ag := newAgent(map[string][]step{"a": {answer("A")}})
		sample := testSample()
		sample.Metadata = map[string]any{"topic": "memory"}
		res := runSample(t, context.Background(), Spec{Members: roster(ag, newMock(t, "m"), "a"),
			Controller: &testController{}}, sample, Hooks{})
		require.NoError(t, res.Error)
		assert.Equal(t, map[string]any{"topic": "memory"}, ag.observed("a").req.Metadata,
			"every member sees it, as Inspect's agents do")
	})
	t.Run("custom preamble", func(t *testing.T) {
		t.Parallel()
		ag := newAgent(map[string][]step{"a": {answer("A")}})
		spec := Spec{Members: roster(ag, newMock(t, "m"), "a"), Controller: &testController{},
			Preamble: func(m Member, n int) string { return m.Name + " of " + string(rune('0'+n)) }}
		res := run(t, context.Background(), spec, Hooks{})
		require.NoError(t, res.Error)
		assert.Equal(t, "a of 1", ag.observed("a").req.Preamble)
	})
	t.Run("a template replaces the default", func(t *testing.T) {
		t.Parallel()
		ag := newAgent(map[string][]step{"a": {answer("A")}, "b": {answer("B")}})
		members := roster(ag, newMock(t, "m"), "a", "b")
		members[0].Role = "lead"
		spec := Spec{Members: members, Controller: &testController{}, Channels: channels,
			PreambleTemplate: "{member} ({role}) of {size}. {channels} [{split}]"}
		res := run(t, context.Background(), spec, Hooks{})
		require.NoError(t, res.Error)
		assert.Equal(t, "a (lead) of 2. Notes go in notes.md, a. []", ag.observed("a").req.Preamble)
	})
	t.Run("no preamble adds no message", func(t *testing.T) {
		t.Parallel()
		ag := newAgent(map[string][]step{"a": {answer("A")}})
		res := run(t, context.Background(), Spec{Members: roster(ag, newMock(t, "m"), "a"), Controller: &testController{},
			PreambleTemplate: "", Preamble: func(Member, int) string { return "" }}, Hooks{})
		require.NoError(t, res.Error)
		assert.Equal(t, testSample().Input, ag.observed("a").req.Input)
	})
}

// TestPreambleCases: the information and cases of Inspect Swarm's preamble,
// in swarmhost's words: the only agent, the role, the budget split (pool,
// equal, a member's percentage), the own sandbox (with a shared
// directory), the channels.
func TestPreambleCases(t *testing.T) {
	t.Parallel()
	tokens, cost := i64(1000), f64(2)
	cases := map[string]struct {
		size    int
		role    string
		budget  Budget
		sandbox string
		shared  bool
		want    []string
		absent  []string
	}{
		"the only agent": {size: 1, budget: Budget{Tokens: tokens},
			want:   []string{"You are m-0, and no other agent works in this swarm: you are its only member."},
			absent: []string{"budget"}},
		"pool": {size: 3, budget: Budget{Tokens: tokens},
			want: []string{"A swarm of 3 agents", "Every member spends from one budget shared by the whole swarm."}},
		"no cap: no split sentence": {size: 3, absent: []string{"budget"}},
		"equal": {size: 2, budget: Budget{Tokens: tokens, Cost: cost, Split: SplitEqual},
			want: []string{"The swarm's cost and token budget is divided equally among the members; once your part is spent, you stop."}},
		"weights": {size: 3, budget: Budget{Tokens: tokens, Split: SplitWeights, Weights: []float64{1, 2, 1}},
			want: []string{"The swarm's token budget is divided among the members in fixed parts; yours is 25% of it"}},
		"role": {size: 2, role: "critic", want: []string{"Your role is critic."}},
		"own sandbox": {size: 2, sandbox: "m-0",
			want: []string{"Your sandbox is yours alone; the other members cannot reach it."}, absent: []string{"shared directory"}},
		"own sandbox with a shared directory": {size: 2, sandbox: "m-0", shared: true,
			want: []string{"cannot reach it, apart from the shared directory described below."}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			names := make([]string, tc.size)
			for i := range names {
				names[i] = fmt.Sprintf("m-%d", i)
			}
			members := roster(nil, nil, names...)
			members[0].Role, members[0].Sandbox = tc.role, tc.sandbox
			r := newRuntime(context.Background(), Spec{Members: members, Budget: tc.budget, SharedDirectory: tc.shared,
				Channels: func(Member) []string { return []string{"CHANNEL"} }}, Sample{}, Hooks{})
			defer r.hardCancel()
			got := r.preamble(members[0])
			for _, w := range tc.want {
				assert.Contains(t, got, w)
			}
			for _, a := range tc.absent {
				assert.NotContains(t, got, a)
			}
			assert.True(t, strings.HasSuffix(got, "\n\nCHANNEL"), "channels come last: %q", got)
		})
	}
}

// TestHungEndIsBounded: a controller whose End never returns holds the
// finished sample only for its call timeout; the run keeps its answer (a
// failed End is a warning).
func TestHungEndIsBounded(t *testing.T) {
	t.Parallel()
	ctrl := &testController{hangEnd: true}
	ag := newAgent(map[string][]step{"a": {answer("A")}})
	spec := Spec{Members: roster(ag, newMock(t, "m"), "a"), Controller: ctrl,
		ControllerTimeout: 150 * time.Millisecond, Grace: 5 * time.Second}
	res := run(t, context.Background(), spec, Hooks{})
	require.NoError(t, res.Error)
	assert.Equal(t, "A", res.Output.Completion)
	ctrl.mu.Lock()
	defer ctrl.mu.Unlock()
	assert.Len(t, ctrl.sessions, 1, "End was called, and given up on")
}
