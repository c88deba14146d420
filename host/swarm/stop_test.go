package swarm

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// assertRefusedStopped checks that every refusal obs saw says "stopped" and
// that there was at least one.
func assertRefusedStopped(t *testing.T, obs *memberObs) {
	t.Helper()
	require.NotNil(t, obs)
	refusals := obs.refusals()
	require.NotEmpty(t, refusals, "%s saw no refusal", obs.req.Member)
	for _, err := range refusals {
		var re *agent.RefusedError
		require.ErrorAs(t, err, &re)
		assert.Equal(t, StatusStopped, re.Cause)
	}
}

func TestStopOnSubmission(t *testing.T) {
	t.Parallel()
	mock := newMock(t, "m")
	ag := newAgent(map[string][]step{
		"a": {sleep(150 * time.Millisecond), generate("go"), answerLast()},
		"b": {pollUntilRefused(30 * time.Millisecond)},
		// c's call is in flight from 20 ms to 420 ms, across the stop.
		"c": {sleep(20 * time.Millisecond), generate("slow"), generate("again")},
	})
	members := roster(ag, mock, "a", "b", "c")
	members[2].Model = slowModel{inner: mock, delay: 400 * time.Millisecond}
	spec := Spec{Members: members, Controller: &testController{stopOnSubmission: "submission"}, Grace: 10 * time.Second}
	res := run(t, context.Background(), spec, Hooks{})
	require.NoError(t, res.Error)

	assert.Equal(t, "controller:submission", res.StopReason)
	assert.Equal(t, map[string]string{"a": "submitted", "b": "stopped", "c": "stopped"}, statuses(res.Record))
	assert.Equal(t, Final{Mode: ptr("first"), Member: ptr("a")}, res.Record.Final)
	assert.Equal(t, ag.observed("a").outputs[0], res.Output, "the chosen member's model output, unchanged")

	assertRefusedStopped(t, ag.observed("b"))
	c := ag.observed("c")
	assertRefusedStopped(t, c)
	assert.Len(t, c.refusals(), 1)
	require.Len(t, c.outputs, 1, "c's call in flight at the stop finished")
	// c's in-flight call is counted: input "What is 6x7?"+"slow" = 16 chars
	// = 4 tokens; output "Default output from mockllm/model" = 33 chars = 9.
	assert.Equal(t, model.Usage{InputTokens: 4, OutputTokens: 9, TotalTokens: 13}, res.UsageByMember["c"])
	var cModel int
	for e := range res.Events.All() {
		if e.Member == "c" && e.Kind == EventModel {
			cModel++
			assert.Empty(t, e.Error)
		}
	}
	assert.Equal(t, 1, cModel, "one model event for the finished in-flight call, none for the refused one")
	assert.Greater(t, *member(t, res.Record, "c").Time, *member(t, res.Record, "a").Time)
}

func TestGraceAndHardStop(t *testing.T) {
	t.Parallel()
	const grace = 400 * time.Millisecond
	ag := newAgent(map[string][]step{
		"a": {sleep(20 * time.Millisecond), answer("A")},
		// b never calls the host: the soft stop cannot reach it.
		"b": {block()},
		// c is refused and ignores it.
		"c": {ignoreRefusals(30 * time.Millisecond)},
		// d returns normally during grace: a submission, made after a's.
		"d": {sleep(150 * time.Millisecond), answer("D")},
		// e is refused and returns.
		"e": {pollUntilRefused(30 * time.Millisecond)},
	})
	spec := Spec{Members: roster(ag, newMock(t, "m"), "a", "b", "c", "d", "e"),
		Controller: &testController{mode: controller.FinalLast, stopOnSubmission: "done"}, Grace: grace}
	start := time.Now()
	res := run(t, context.Background(), spec, Hooks{})
	elapsed := time.Since(start)
	require.NoError(t, res.Error)

	assert.Less(t, elapsed, grace+3*time.Second, "the swarm returns after grace")
	assert.Equal(t, "controller:done", res.StopReason)
	assert.Equal(t, map[string]string{
		"a": "submitted", "b": "cancelled", "c": "cancelled", "d": "submitted", "e": "stopped",
	}, statuses(res.Record))
	assert.Equal(t, Final{Mode: ptr("last"), Member: ptr("d")}, res.Record.Final, "a submission during grace is eligible")
	assert.Equal(t, "D", res.Output.Completion)
	assertRefusedStopped(t, ag.observed("c"))
	assertRefusedStopped(t, ag.observed("e"))
	for _, m := range res.Record.Members {
		assert.Equal(t, StateEnded, m.State, "drain: %s ended", m.Name)
	}
	assert.Greater(t, *member(t, res.Record, "b").Time, *member(t, res.Record, "d").Time)
	assert.ErrorIs(t, ag.observed("b").runErr, context.Canceled)
}

func TestGraceClippedToHalfTheRemainingTime(t *testing.T) {
	t.Parallel()
	cases := map[string]time.Duration{
		"deadline ahead":  800 * time.Millisecond,
		"deadline passed": -time.Second,
	}
	for name, until := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ag := newAgent(map[string][]step{"a": {sleep(20 * time.Millisecond), answer("A")}, "b": {block()}})
			spec := Spec{Members: roster(ag, newMock(t, "m"), "a", "b"),
				Controller: &testController{stopOnSubmission: "first"}, Grace: time.Hour,
				Deadline: time.Now().Add(until)}
			start := time.Now()
			res := run(t, context.Background(), spec, Hooks{})
			assert.Less(t, time.Since(start), 5*time.Second)
			assert.Equal(t, map[string]string{"a": "submitted", "b": "cancelled"}, statuses(res.Record))
			assert.Equal(t, ptr("a"), res.Record.Final.Member)
		})
	}
}

func TestContextCancellation(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		cause      error
		wantReason string
		// endedBy: a sample limit ends the sample at once (b cancelled,
		// messages the input only, no stop reason).
		endedBy string
	}{
		"operator":           {cause: nil, wantReason: StopOperator},
		"other cause":        {cause: errors.New("shutting down"), wantReason: StopOperator},
		"sample time limit":  {cause: SampleLimit("time"), endedBy: "sample_limit:time"},
		"sample token limit": {cause: SampleLimit("token"), endedBy: "sample_limit:token"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ag := newAgent(map[string][]step{
				"a": {sleep(30 * time.Millisecond), answer("A")},
				"b": {pollUntilRefused(30 * time.Millisecond)},
			})
			ctx, cancel := context.WithCancelCause(context.Background())
			defer cancel(nil)
			log := newRecordLog(submittedIs("a"))
			go func() {
				<-log.when
				cancel(tc.cause)
			}()
			spec := Spec{Members: roster(ag, newMock(t, "m"), "a", "b"), Controller: &testController{}}
			res := run(t, ctx, spec, log.hooks())
			require.NoError(t, res.Error)
			assert.Equal(t, tc.wantReason, res.StopReason)
			assert.Equal(t, tc.endedBy, res.EndedBy)
			assert.Equal(t, Final{Mode: ptr("first"), Member: ptr("a"), Provisional: true}, res.Record.Final)
			assert.Equal(t, "A", res.Output.Completion, "the answer so far is the output")
			if tc.endedBy != "" {
				assert.True(t, res.Interrupted)
				assert.Equal(t, map[string]string{"a": "submitted", "b": "cancelled"}, statuses(res.Record))
				assert.Equal(t, testSample().Input, res.Messages, "no final step: the input only")
				return
			}
			assert.Equal(t, map[string]string{"a": "submitted", "b": "stopped"}, statuses(res.Record))
			require.Len(t, res.Messages, 2)
			assert.Equal(t, "A", res.Messages[1].Content)
		})
	}
}

func TestContextCancellationKeepsAnswerSoFar(t *testing.T) {
	t.Parallel()
	t.Run("last: the latest so far", func(t *testing.T) {
		t.Parallel()
		// b submits only once a's submission is in the record and c runs,
		// so b is the latest and c is cancelled whatever the machine's load.
		aSubmitted := newRecordLog(func(r Record) bool {
			return submittedIs("a")(r) && slices.ContainsFunc(r.Members, func(m RecordMember) bool {
				return m.Name == "c" && m.State == StateRunning
			})
		})
		log := newRecordLog(submittedIs("b"))
		ag := newAgent(map[string][]step{
			"a": {answer("A")},
			"b": {waitFor(aSubmitted.when), answer("B")},
			"c": {pollUntilRefused(30 * time.Millisecond)},
		})
		ctx, cancel := context.WithCancelCause(context.Background())
		defer cancel(nil)
		go func() {
			<-log.when
			cancel(SampleLimit("time"))
		}()
		spec := Spec{Members: roster(ag, newMock(t, "m"), "a", "b", "c"), Controller: &testController{mode: controller.FinalLast}}
		both := Hooks{OnRecord: func(r Record) {
			aSubmitted.hooks().OnRecord(r)
			log.hooks().OnRecord(r)
		}}
		res := run(t, ctx, spec, both)
		assert.Equal(t, "sample_limit:time", res.EndedBy)
		assert.Equal(t, Final{Mode: ptr("last"), Member: ptr("b"), Provisional: true}, res.Record.Final)
		assert.Equal(t, "B", res.Output.Completion)
		assert.Equal(t, StatusCancelled, str(member(t, res.Record, "c").Status))
	})
	t.Run("controller: its choice once made", func(t *testing.T) {
		t.Parallel()
		ag := newAgent(map[string][]step{
			"a": {answer("A")},
			"b": {pollUntilRefused(30 * time.Millisecond)},
		})
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		// Cancel once the choice is in the record: before it, the first
		// rule's provisional answer (mode "first") names a as well.
		log := newRecordLog(func(r Record) bool {
			return r.Final.Mode != nil && *r.Final.Mode == string(controller.FinalController)
		})
		go func() {
			<-log.when
			cancel()
		}()
		ctrl := &testController{mode: controller.FinalController, choose: func(controller.ChooseRequest) controller.ChooseResponse {
			return controller.ChooseResponse{Member: "a", Reason: "first good one"}
		}}
		res := run(t, ctx, Spec{Members: roster(ag, newMock(t, "m"), "a", "b"), Controller: ctrl}, log.hooks())
		assert.Equal(t, StopOperator, res.StopReason)
		assert.Equal(t, Final{Mode: ptr("controller"), Member: ptr("a"), Reason: ptr("first good one"), Provisional: true},
			res.Record.Final)
		assert.Equal(t, "A", res.Output.Completion)
	})
	t.Run("cancelled before the controller starts anyone", func(t *testing.T) {
		t.Parallel()
		ag := newAgent(map[string][]step{"a": {answer("A")}})
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		ctrl := &testController{startDelay: 50 * time.Millisecond}
		res := run(t, ctx, Spec{Members: roster(ag, newMock(t, "m"), "a"), Controller: ctrl}, Hooks{})
		assert.Equal(t, StopOperator, res.StopReason)
		assert.Equal(t, StatePending, member(t, res.Record, "a").State)
		assert.Equal(t, Final{Reason: ptr("no_submissions"), Provisional: true}, res.Record.Final)
		assert.Nil(t, ag.observed("a"))
	})
}

// TestMemberErrorEndsTheSample: as in Inspect Swarm, an agent error leaves
// the swarm: the others are cancelled at once (no grace), the sample has
// the error, no final step runs and the stop reason stays null.
func TestMemberErrorEndsTheSample(t *testing.T) {
	t.Parallel()
	ag := newAgent(map[string][]step{
		"a": {sleep(30 * time.Millisecond), fail("agent bug")},
		"b": {answer("B")},
		"c": {sleep(10 * time.Second), answer("C")},
	})
	spec := Spec{Members: roster(ag, newMock(t, "m"), "a", "b", "c"), Controller: &testController{}, Grace: time.Minute}
	res := run(t, context.Background(), spec, Hooks{})
	require.Error(t, res.Error)
	assert.EqualError(t, res.Error, "member a: agent bug")
	assert.Equal(t, map[string]string{"a": "errored", "b": "submitted", "c": "cancelled"}, statuses(res.Record))
	assert.Equal(t, map[string]string{"a": "agent bug"}, res.MemberErrors, "the member's reason is kept for its evidence")
	assert.True(t, res.Interrupted)
	assert.Equal(t, "", res.StopReason, "no stop began: the ledger's stop_reason is null")
	assert.Equal(t, "", res.EndedBy, "an error is no sample limit")
	assert.True(t, res.Record.Final.Provisional, "no final step")
	assert.Equal(t, ptr("b"), res.Record.Final.Member, "the answer so far stays in the record")
	assert.Equal(t, testSample().Input, res.Messages, "messages are the input only")
}

// TestContainedMemberErrorsEndOnlyThatMember: with ContainMemberErrors an
// agent error ends only its member, which ends "errored".
func TestContainedMemberErrorsEndOnlyThatMember(t *testing.T) {
	t.Parallel()
	ag := newAgent(map[string][]step{
		"a": {fail("agent bug")},
		"b": {generate("hi"), answerLast()},
		"c": {generate("hi"), answerLast()},
		"d": {sleep(100 * time.Millisecond), answer("D")},
	})
	members := roster(ag, newMock(t, "m"), "a", "b", "c", "d")
	members[1].Model = failingModel{}
	members[2].Model = nil
	res := run(t, context.Background(), Spec{Members: members, Controller: &testController{}, ContainMemberErrors: true}, Hooks{})
	require.NoError(t, res.Error)
	assert.Equal(t, StopAllDone, res.StopReason)
	assert.Equal(t, map[string]string{"a": "errored", "b": "errored", "c": "errored", "d": "submitted"}, statuses(res.Record))
	assert.Equal(t, ptr("d"), res.Record.Final.Member)
	assert.False(t, res.Record.Final.Provisional, "a contained agent error is not a swarm error")
	assert.False(t, res.Interrupted)
	assert.Equal(t, "agent bug", res.MemberErrors["a"])
	assert.Contains(t, res.MemberErrors["b"], "provider down")

	b := ag.observed("b")
	require.Len(t, b.genErrs, 1)
	assert.NotErrorIs(t, b.genErrs[0], agent.ErrRefused)
	assert.ErrorContains(t, b.genErrs[0], "provider down")
	c := ag.observed("c")
	require.Len(t, c.genErrs, 1)
	assert.ErrorContains(t, c.genErrs[0], "has no model")
	var bModel []Event
	for e := range res.Events.All() {
		if e.Member == "b" && e.Kind == EventModel {
			bModel = append(bModel, e)
		}
	}
	require.Len(t, bModel, 1, "a failed model call is evidence too")
	assert.Equal(t, "provider down", bModel[0].Error)
	assert.Equal(t, "broken/model", bModel[0].ModelName)
	_, counted := res.UsageByMember["b"]
	assert.False(t, counted, "a failed call has no usage")
}

// TestStatusOf pins how a member's status is decided from the refusal cause,
// the hard stop and how its agent returned.
func TestStatusOf(t *testing.T) {
	t.Parallel()
	errAgent := errors.New("agent failed")
	cases := map[string]struct {
		cause     string
		cancelled bool
		stop      string
		err       error
		want      string
	}{
		"returned normally":                         {want: StatusSubmitted},
		"returned an empty output":                  {stop: "", want: StatusSubmitted},
		"returned at max_tokens":                    {stop: "max_tokens", want: StatusSubmitted},
		"gave up on context length":                 {stop: "model_length", want: StatusUnsubmitted},
		"gave up after content filter refusals":     {stop: "content_filter", want: StatusUnsubmitted},
		"stopped itself, then returned normally":    {cause: MemberLimit(LimitCustom), want: "member_limit:custom"},
		"stopped itself, then gave up":              {cause: MemberLimit(LimitCustom), stop: "model_length", want: "member_limit:custom"},
		"returned an error":                         {err: errAgent, want: StatusErrored},
		"refused, then returned normally":           {cause: StatusStopped, want: StatusStopped},
		"refused, then returned the refusal":        {cause: StatusStopped, err: &agent.RefusedError{Cause: StatusStopped}, want: StatusStopped},
		"hard-stopped without a refusal":            {cancelled: true, err: context.Canceled, want: StatusCancelled},
		"hard-stopped, returned normally":           {cancelled: true, want: StatusCancelled},
		"refused for the stop, then hard-stopped":   {cause: StatusStopped, cancelled: true, err: context.Canceled, want: StatusCancelled},
		"member limit wins over the hard stop":      {cause: MemberLimit("token"), cancelled: true, err: context.Canceled, want: "member_limit:token"},
		"swarm cap wins over how the agent returns": {cause: StatusSwarmCap, want: StatusSwarmCap},
		"share wins over an agent error":            {cause: StatusShare, err: errAgent, want: StatusShare},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r := testRuntime(controller.FinalFirst)
			m := &memberState{cause: tc.cause, cancelled: tc.cancelled}
			assert.Equal(t, tc.want, r.statusOf(m, model.Output{StopReason: tc.stop}, tc.err))
		})
	}
}

func TestRefuseOnlyAfterStop(t *testing.T) {
	t.Parallel()
	r := testRuntime(controller.FinalFirst)
	m := &memberState{state: StateRunning}
	assert.Equal(t, "", r.refuse(m), "calls pass before the stop")
	r.stopping = true
	assert.Equal(t, StatusStopped, r.refuse(m))
	m2 := &memberState{state: StateRunning, cause: MemberLimit("turn")}
	assert.Equal(t, "member_limit:turn", r.refuse(m2), "an earlier cause is kept")
}
