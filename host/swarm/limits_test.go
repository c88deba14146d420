package swarm

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hostmodel "github.com/swarmhost/swarmhost/host/model"
	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// causes lists the refusal causes a member's agent saw, in order.
func causes(t *testing.T, o *memberObs) []string {
	t.Helper()
	require.NotNil(t, o)
	var out []string
	for _, err := range o.refusals() {
		var re *agent.RefusedError
		require.ErrorAs(t, err, &re)
		out = append(out, re.Cause)
	}
	return out
}

// TestSwarmCapRefusals checks what each agent saw under a swarm cap: the
// first member over it is refused "swarm_cap" for the call that crossed;
// calls in flight at the stop finish and are returned; later calls are
// refused "stopped".
func TestSwarmCapRefusals(t *testing.T) {
	t.Parallel()
	fixed := &fixedModel{name: "fixed/model", usage: usage(60, 40), delay: 600 * time.Millisecond}
	ag := newAgent(map[string][]step{
		"a": {generate("x"), generate("y")},
		"b": {sleep(200 * time.Millisecond), generate("x"), generate("y")},
	})
	res := run(t, context.Background(), Spec{Members: roster(ag, fixed, "a", "b"), Controller: &testController{},
		Budget: Budget{Tokens: i64(50)}}, Hooks{})
	assert.Equal(t, []string{StatusSwarmCap}, causes(t, ag.observed("a")))
	assert.Empty(t, ag.observed("a").outputs, "the call that crossed the cap is refused to its agent")
	assert.Equal(t, []string{StatusSwarmCap}, causes(t, ag.observed("b")),
		"b's call in flight at the stop meets the exceeded cap: swarm_cap too, as in Inspect Swarm")
	assert.Empty(t, ag.observed("b").outputs)
	assert.Equal(t, map[string]string{"a": "swarm_cap", "b": "swarm_cap"}, statuses(res.Record))
	assert.Equal(t, int64(2), fixed.calls.Load(), "no call was dispatched after the stop")
	assert.Equal(t, int64(200), res.Ledger.Swarm.Usage.TotalTokens)
	assert.Equal(t, floatPtr(150), res.Ledger.Overshoot.Tokens)
	assert.Equal(t, model.Usage{InputTokens: 120, OutputTokens: 80, TotalTokens: 200}, res.UsageByModel["fixed/model"])
}

// TestLimitPrecedence: when one call meets several rules, the outermost
// wins (sample limit, swarm cap, share, member limit).
func TestLimitPrecedence(t *testing.T) {
	t.Parallel()
	big := func() hostmodel.Provider { return &fixedModel{name: "fixed/model", usage: usage(50, 50)} }
	cases := map[string]struct {
		budget  Budget
		limits  Limits
		status  string
		reason  string
		endedBy string
	}{
		"sample limit over swarm cap": {budget: Budget{Tokens: i64(10), Sample: Limits{Tokens: i64(20)}},
			status: StatusErrored, endedBy: "sample_limit:token"},
		"swarm cap over share": {budget: Budget{Tokens: i64(10), Split: SplitEqual},
			status: StatusSwarmCap, reason: StopSwarmCap},
		"share over member limit": {budget: Budget{Tokens: i64(100), Split: SplitWeights, Weights: []float64{1, 1}},
			limits: Limits{Tokens: i64(10)}, status: StatusShare, reason: StopAllDone},
		"member limit alone": {limits: Limits{Tokens: i64(10)}, status: "member_limit:token", reason: StopAllDone},
		"derived cap below the sample limit": {budget: Budget{Reserve: 0.5, Sample: Limits{Tokens: i64(150)}},
			status: StatusSwarmCap, reason: StopSwarmCap},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ag := newAgent(map[string][]step{"a": {generate("x"), generate("y")}})
			members := roster(ag, big(), "a", "b")
			members[0].Limits = tc.limits
			res := run(t, context.Background(), Spec{Members: members, Controller: &testController{}, Budget: tc.budget}, Hooks{})
			assert.Equal(t, tc.status, str(member(t, res.Record, "a").Status))
			assert.Equal(t, tc.reason, res.StopReason)
			assert.Equal(t, tc.endedBy, res.EndedBy)
			assert.Equal(t, []string{tc.status}, causes(t, ag.observed("a")))
		})
	}
}

// TestSampleLimits: each sample limit kind reached inside the swarm ends
// the sample at once, as in Inspect Swarm: the member whose call met it
// ends "errored", the others "cancelled", no stop reason (ended_by
// sample_limit:<kind>), no final step; the answer so far stays
// provisional and is the output, and the messages are the input only.
func TestSampleLimits(t *testing.T) {
	t.Parallel()
	priced := &hostmodel.Price{Input: 1, Output: 1}
	cases := map[string]struct {
		sample Limits
		price  *hostmodel.Price
		reason string
		calls  int
	}{
		// Each of b's chat calls: 14 tokens, then 23 (mockllm counts).
		// a turn limit lets the call past it complete (recorded), then ends it
		"turns summed over members": {sample: Limits{Turns: i64(2)}, reason: "sample_limit:turn", calls: 3},
		"messages per conversation": {sample: Limits{Messages: i64(4)}, reason: "sample_limit:message", calls: 1},
		"cost":                      {sample: Limits{Cost: f64(30e-6)}, price: priced, reason: "sample_limit:cost", calls: 2},
		"tokens":                    {sample: Limits{Tokens: i64(30)}, reason: "sample_limit:token", calls: 2},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			// b starts calling only once a's submission is in the record (a
			// sleep here raced a loaded machine: b's limit could end the
			// sample before a had submitted).
			aSubmitted := newRecordLog(func(r Record) bool {
				return r.Members[0].Status != nil && *r.Members[0].Status == StatusSubmitted
			})
			ag := newAgent(map[string][]step{"a": {answer("A")}, "b": {waitFor(aSubmitted.when), chat(5)}})
			members := roster(ag, newMock(t, "m"), "a", "b")
			members[1].Price = tc.price
			// budget caps set high, so the sample limit is what ends it.
			budget := Budget{Tokens: i64(1 << 40), Cost: f64(1e9), Sample: tc.sample}
			res := run(t, context.Background(), Spec{Members: members, Controller: &testController{}, Budget: budget}, aSubmitted.hooks())
			assert.Equal(t, "", res.StopReason)
			assert.Equal(t, tc.reason, res.EndedBy)
			assert.True(t, res.Interrupted)
			require.NoError(t, res.Error, "a sample limit is no error")
			assert.Equal(t, map[string]string{"a": "submitted", "b": "errored"}, statuses(res.Record))
			assert.Equal(t, tc.calls, res.Ledger.Members[1].Calls.Calls)
			assert.Equal(t, ptr(tc.reason), res.Ledger.EndedBy)
			assert.Nil(t, res.Ledger.StopReason)
			assert.True(t, res.Ledger.Interrupted)
			assert.True(t, res.Record.Final.Provisional)
			assert.Equal(t, "A", res.Output.Completion)
			assert.Equal(t, testSample().Input, res.Messages)
		})
	}
}

// TestTimeCapDerivedFromSampleTime: with no budget.time, the swarm stops
// itself with "swarm_time" at L·(1 − reserve), before the sample's limit.
func TestTimeCapDerivedFromSampleTime(t *testing.T) {
	t.Parallel()
	ag := newAgent(map[string][]step{"a": {block()}})
	limit := 2 * time.Second
	spec := Spec{Members: roster(ag, newMock(t, "m"), "a"), Controller: &testController{},
		Deadline: time.Now().Add(limit), Budget: Budget{Reserve: 0.9, Sample: Limits{Time: &limit}}}
	res := run(t, context.Background(), spec, Hooks{})
	assert.Equal(t, StopTime, res.StopReason)
	assert.Equal(t, StatusCancelled, str(member(t, res.Record, "a").Status))
	require.NotNil(t, res.Ledger.Caps.Time)
	assert.LessOrEqual(t, float64(*res.Ledger.Caps.Time), 0.2)
	assert.False(t, res.Record.Final.Provisional, "the swarm ended itself: not provisional")
}

// TestInspectMetering: with MeterInspect the caps count cache reads and
// writes as input; with MeterOutput only output tokens.
func TestInspectMetering(t *testing.T) {
	t.Parallel()
	u := model.Usage{InputTokens: 10, InputCacheRead: 200, InputCacheWrite: 30, OutputTokens: 5, TotalTokens: 15}
	cases := map[string]struct {
		metering string
		// overshoot is the metered tokens past the cap of 100 (nil: within it).
		overshoot *Float
		status    string
	}{
		"inspect: input includes cache": {metering: MeterInspect, overshoot: floatPtr(145), status: StatusSwarmCap},
		"total: the provider's total":   {metering: MeterTotal, status: StatusSubmitted},
		"output only":                   {metering: MeterOutput, status: StatusSubmitted},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ag := newAgent(map[string][]step{"a": {generate("x"), answer("A")}})
			fixed := &fixedModel{name: "cache/model", usage: u}
			res := run(t, context.Background(), Spec{Members: roster(ag, fixed, "a"), Controller: &testController{},
				Budget: Budget{Tokens: i64(100), Metering: tc.metering}}, Hooks{})
			assert.Equal(t, tc.overshoot, res.Ledger.Overshoot.Tokens)
			assert.Equal(t, i64(200), res.Ledger.Members[0].Meter.Usage.InputTokensCacheRead)
			assert.Equal(t, tc.status, str(member(t, res.Record, "a").Status))
		})
	}
}

// leakyAgent starts a model call in the background and returns at once,
// leaving the call in flight.
type leakyAgent struct{ started chan struct{} }

func (leakyAgent) Metadata(context.Context, agent.MetadataRequest, *agent.MetadataResponse) {}

func (a leakyAgent) Run(ctx context.Context, req agent.RunRequest, resp *agent.RunResponse) error {
	go func() { _, _ = req.Host.Generate(context.WithoutCancel(ctx), agent.GenerateRequest{}) }()
	<-a.started
	resp.Output = model.TextOutput("m", "done")
	return nil
}

// startedModel signals when a call reaches it, then hangs until cancelled
// and takes a while more to return (a slow provider).
type startedModel struct{ started chan struct{} }

func (startedModel) Name() string { return "hanging/model" }

func (s startedModel) Generate(ctx context.Context, _ hostmodel.Request) (hostmodel.Result, error) {
	close(s.started)
	<-ctx.Done()
	time.Sleep(100 * time.Millisecond)
	return hostmodel.Result{}, ctx.Err()
}

// TestDrainCancelsCallsLeftInFlight: the swarm returns only when nothing a
// member started still runs; a call its agent left behind is cancelled and
// counted as cancelled in flight.
func TestDrainCancelsCallsLeftInFlight(t *testing.T) {
	t.Parallel()
	started := make(chan struct{})
	members := []Member{{Name: "a", Agent: leakyAgent{started: started}, Model: startedModel{started: started}}}
	res := run(t, context.Background(), Spec{Members: members, Controller: &testController{}}, Hooks{})
	assert.Equal(t, StatusSubmitted, str(member(t, res.Record, "a").Status))
	assert.Equal(t, 1, res.Ledger.Members[0].Calls.Errored)
	assert.False(t, res.Ledger.TotalComplete)
}

// ctxController fails any call made with a context already done.
type ctxController struct{ *testController }

func (c ctxController) Event(ctx context.Context, req controller.EventRequest, resp *controller.EventResponse) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return c.testController.Event(ctx, req, resp)
}

// TestControllerHearsEventsAfterHardStop: the hard stop cancels members,
// not the controller: its last events still reach it.
// TestControllerIsOutAfterTheStop: as Inspect Swarm cancels its controller
// at the stop, the controller is told nothing after the event whose
// answer stopped the swarm, and its session still ends.
func TestControllerIsOutAfterTheStop(t *testing.T) {
	t.Parallel()
	ag := newAgent(map[string][]step{"a": {sleep(20 * time.Millisecond), answer("A")}, "b": {block()}})
	ctrl := ctxController{&testController{stopOnSubmission: "first"}}
	res := run(t, context.Background(), Spec{Members: roster(ag, newMock(t, "m"), "a", "b"), Controller: ctrl,
		Grace: 30 * time.Millisecond}, Hooks{})
	require.NoError(t, res.Error)
	assert.Equal(t, "controller:first", res.StopReason)
	assert.Equal(t, StatusCancelled, str(member(t, res.Record, "b").Status))
	last := ctrl.eventLog()[len(ctrl.eventLog())-1]
	assert.Equal(t, controller.EventSubmission, last.Event.Kind, "nothing after the stop")
	assert.Equal(t, "a", last.Event.Member)
	assert.Len(t, ctrl.sessions, 1, "End is still called")
}

// TestMemberTimeLimitIsFreshPerMember: each member's clock starts at its
// own start.
func TestMemberTimeLimitIsFreshPerMember(t *testing.T) {
	t.Parallel()
	ag := newAgent(map[string][]step{"a": {sleep(150 * time.Millisecond), answer("A")}, "b": {sleep(150 * time.Millisecond), answer("B")}})
	members := roster(ag, newMock(t, "m"), "a", "b")
	members[0].Limits = Limits{Time: dur(100 * time.Millisecond)}
	members[1].Limits = Limits{Time: dur(5 * time.Second)}
	res := run(t, context.Background(), Spec{Members: members, Controller: &testController{mode: controller.FinalLast}}, Hooks{})
	assert.Equal(t, map[string]string{"a": "member_limit:time", "b": "submitted"}, statuses(res.Record))
	assert.Equal(t, StopAllDone, res.StopReason)
	assert.Equal(t, ptr("b"), res.Record.Final.Member)
}

// TestUnstarted: a sample that failed before its swarm has a pending
// record and a ledger too.
func TestUnstarted(t *testing.T) {
	t.Parallel()
	rec, l := Unstarted(Spec{Members: roster(nil, nil, "a", "b"), Budget: Budget{Tokens: i64(10), Split: SplitEqual}}, StopError)
	assert.Equal(t, map[string]string{"a": "", "b": ""}, statuses(rec))
	assert.Equal(t, Final{Reason: ptr("no_submissions"), Provisional: true}, rec.Final)
	assert.Nil(t, l.StopReason, "no stop began")
	assert.True(t, l.Interrupted)
	assert.Equal(t, floatPtr(10), l.Caps.Tokens)
	assert.Nil(t, l.Members[1].Status)
	assert.False(t, l.TotalComplete, "an interrupted swarm's totals are not complete")
}

// TestOneFirstOverTheCap: members whose calls all land together under a
// token cap: one begins the stop, every call in flight is recorded (the
// overshoot), and every member whose call meets the exceeded cap ends
// swarm_cap.
func TestOneFirstOverTheCap(t *testing.T) {
	t.Parallel()
	const n = 8
	fixed := &fixedModel{name: "fixed/model", usage: usage(60, 40), delay: 100 * time.Millisecond}
	scripts := map[string][]step{}
	var names []string
	for i := range n {
		name := string(rune('a' + i))
		names = append(names, name)
		scripts[name] = []step{generate("x"), generate("y")}
	}
	ag := newAgent(scripts)
	res := run(t, context.Background(), Spec{Members: roster(ag, fixed, names...), Controller: &testController{},
		Budget: Budget{Tokens: i64(50)}}, Hooks{})
	assert.Equal(t, StopSwarmCap, res.StopReason)
	capped := 0
	for _, m := range res.Record.Members {
		switch str(m.Status) {
		case StatusSwarmCap:
			capped++
		case StatusStopped:
		default:
			t.Errorf("%s ended %s", m.Name, str(m.Status))
		}
	}
	assert.Equal(t, n, capped, "the cap stays exceeded: every member whose call meets it ends swarm_cap, as in Inspect Swarm")
	assert.Equal(t, int64(n*100), res.Ledger.Swarm.Usage.TotalTokens, "every call in flight was recorded")
	assert.Equal(t, floatPtr(n*100-50), res.Ledger.Overshoot.Tokens)
	assert.Equal(t, int64(n), fixed.calls.Load(), "no call was dispatched after the stop")
}

// TestSampleLimitCancelsTheOthers: once a sample limit ends the sample,
// only the member whose call met it is "errored"; a sibling still polling
// the model ends "cancelled", though the limit stays exceeded (admit and
// settle refuse a sibling's call for the stop once the sample is ending).
func TestSampleLimitCancelsTheOthers(t *testing.T) {
	t.Parallel()
	ag := newAgent(map[string][]step{"a": {sleep(100 * time.Millisecond), chat(5)}, "b": {pollUntilRefused(20 * time.Millisecond)}})
	members := roster(ag, newMock(t, "m"), "a", "b")
	members[1].Model = &fixedModel{name: "free/model", usage: usage(0, 0)}
	res := run(t, context.Background(), Spec{Members: members, Controller: &testController{},
		Budget: Budget{Sample: Limits{Tokens: i64(20)}}}, Hooks{})
	assert.Equal(t, map[string]string{"a": "errored", "b": "cancelled"}, statuses(res.Record))
	assert.Equal(t, "sample_limit:token", res.EndedBy)
	require.NoError(t, res.Error)
}

// TestMemberMessageLimitCountsAsInspect: a member's message limit counts
// the conversation as Inspect does. A starting conversation (input and
// preamble, n messages) longer than the limit ends the member as it is
// built, before its span and its agent (Inspect Swarm sets the member's
// messages inside its limits, then enters its span); a call whose
// conversation is at the limit is refused (Inspect's check before
// generate); below it, the call is made. The parity scenarios
// inspect_react_message_limit{,_1,_2,_3} compare the same with Inspect
// Swarm's react().
func TestMemberMessageLimitCountsAsInspect(t *testing.T) {
	t.Parallel()
	// n: the member's starting conversation (input and preamble), probed;
	// its call sends n+1 messages
	var n int64
	probe := newAgent(map[string][]step{"a": {func(_ context.Context, r *scriptRun) (bool, error) {
		n = int64(len(r.req.Input))
		return false, nil
	}, answer("A")}})
	preamble := func(Member, int) string { return "You are a member." }
	run(t, context.Background(), Spec{Members: roster(probe, newMock(t, "m"), "a"), Controller: &testController{},
		Preamble: preamble}, Hooks{})
	require.Equal(t, int64(len(testSample().Input)+1), n, "the input, then the preamble")
	cases := []struct {
		name   string
		limit  int64
		status string
		calls  int
		span   bool
	}{
		{name: "below the starting conversation", limit: n - 1, status: MemberLimit(LimitMessage), calls: 0, span: false},
		{name: "at the starting conversation", limit: n, status: MemberLimit(LimitMessage), calls: 0, span: true},
		{name: "at the call's conversation", limit: n + 1, status: MemberLimit(LimitMessage), calls: 0, span: true},
		{name: "past the call's conversation", limit: n + 2, status: StatusSubmitted, calls: 1, span: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ag := newAgent(map[string][]step{"a": {generate("go"), answer("A")}})
			members := roster(ag, newMock(t, "m"), "a")
			members[0].Limits = Limits{Messages: i64(tc.limit)}
			res := run(t, context.Background(), Spec{Members: members, Controller: &testController{}, Preamble: preamble}, Hooks{})
			assert.Equal(t, tc.status, str(member(t, res.Record, "a").Status))
			assert.Equal(t, tc.calls, res.Ledger.Members[0].Calls.Calls)
			began := false
			for e := range res.Events.All() {
				began = began || e.Kind == EventSpanBegin && e.Member == "a"
			}
			assert.Equal(t, tc.span, began, "the member's span")
		})
	}
}
