package swarm

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hostmodel "github.com/swarmhost/swarmhost/host/model"
	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/controller"
)

// runtimeCase is one golden run: the swarm it builds, how its context
// ends, and what must come out.
type runtimeCase struct {
	spec func(t *testing.T) Spec
	// cancelWhen cancels the run's context with cause at the first record
	// satisfying it (nil: never).
	cancelWhen func(Record) bool
	cause      error
	reason     string
	endedBy    string
	statuses   map[string]string
	// check makes extra assertions on the result.
	check func(t *testing.T, res *Result)
}

// runtimeCases cover every status, every stop reason and every final mode.
func runtimeCases() map[string]runtimeCase {
	pass42 := func(_ context.Context, _, a string) (agent.Verdict, error) {
		return agent.Verdict{Passed: a == "42"}, nil
	}
	return map[string]runtimeCase{
		"first": {
			spec: func(t *testing.T) Spec {
				ag := newAgent(map[string][]step{
					"a": {sleep(20 * time.Millisecond), generate("think"), submit("41"), submit("42"), answer("42")},
					"b": {sleep(400 * time.Millisecond), answer("B")},
				})
				return Spec{Members: roster(ag, newMock(t, "m"), "a", "b"), Controller: &testController{}, Gate: pass42}
			},
			reason: StopAllDone, statuses: map[string]string{"a": "submitted", "b": "submitted"},
		},
		"last": {
			spec: func(t *testing.T) Spec {
				ag := newAgent(map[string][]step{
					"a": {sleep(20 * time.Millisecond), answer("A")},
					"b": {sleep(400 * time.Millisecond), answer("B")},
				})
				return Spec{Members: roster(ag, newMock(t, "m"), "a", "b"), Controller: &testController{mode: controller.FinalLast}}
			},
			reason: StopAllDone, statuses: map[string]string{"a": "submitted", "b": "submitted"},
		},
		"controller_choice": {
			spec: func(t *testing.T) Spec {
				ag := newAgent(map[string][]step{
					"a": {sleep(20 * time.Millisecond), answer("A")},
					"b": {sleep(400 * time.Millisecond), answer("B")},
				})
				ctrl := &testController{mode: controller.FinalController, choose: func(req controller.ChooseRequest) controller.ChooseResponse {
					return controller.ChooseResponse{Member: req.Submissions[0].Member, Reason: "votes 1/1"}
				}}
				return Spec{Members: roster(ag, newMock(t, "m"), "a", "b"), Controller: ctrl}
			},
			reason: StopAllDone, statuses: map[string]string{"a": "submitted", "b": "submitted"},
		},
		"errored_no_submission": {
			spec: func(t *testing.T) Spec {
				ag := newAgent(map[string][]step{"a": {generate("hi"), fail("agent bug")}, "b": {generate("hi")}})
				members := roster(ag, newMock(t, "m"), "a", "b")
				members[1].Model = failingModel{}
				return Spec{Members: members, Controller: &testController{}, ContainMemberErrors: true}
			},
			reason: StopAllDone, statuses: map[string]string{"a": "errored", "b": "errored"},
		},
		"member_error": {
			spec: func(t *testing.T) Spec {
				ag := newAgent(map[string][]step{"a": {generate("hi"), fail("agent bug")}, "b": {block()}})
				return Spec{Members: roster(ag, newMock(t, "m"), "a", "b"), Controller: &testController{}}
			},
			statuses: map[string]string{"a": "errored", "b": "cancelled"},
			check: func(t *testing.T, res *Result) {
				require.EqualError(t, res.Error, "member a: agent bug")
				assert.True(t, res.Interrupted)
			},
		},
		"stopped_controller": {
			spec: func(t *testing.T) Spec {
				ag := newAgent(map[string][]step{
					"a": {sleep(20 * time.Millisecond), answer("A")},
					"b": {sleep(200 * time.Millisecond), generate("late")},
					"c": {answer("never started")},
				})
				ctrl := &testController{startOnly: []string{"a", "b"}, stopOnSubmission: "enough"}
				return Spec{Members: roster(ag, newMock(t, "m"), "a", "b", "c"), Controller: ctrl}
			},
			reason: "controller:enough", statuses: map[string]string{"a": "submitted", "b": "stopped", "c": ""},
		},
		"cancelled_in_flight": {
			spec: func(t *testing.T) Spec {
				ag := newAgent(map[string][]step{"a": {sleep(30 * time.Millisecond), answer("A")}, "b": {generate("slow")}})
				members := roster(ag, newMock(t, "m"), "a", "b")
				members[1].Model = hangingModel{}
				return Spec{Members: members, Controller: &testController{stopOnSubmission: "first"}, Grace: 50 * time.Millisecond}
			},
			reason: "controller:first", statuses: map[string]string{"a": "submitted", "b": "cancelled"},
			check: func(t *testing.T, res *Result) {
				assert.Equal(t, 1, res.Ledger.Members[1].Calls.Errored)
				assert.True(t, res.Ledger.Members[1].Cancelled)
				assert.False(t, res.Ledger.TotalComplete, "a call's usage is unknown")
			},
		},
		"share": {
			spec: func(t *testing.T) Spec {
				ag := newAgent(map[string][]step{"a": {chat(5)}, "b": {sleep(100 * time.Millisecond), answer("B")}})
				// 60 tokens split equally: 30 each. a's first call costs 14,
				// its second 23 more: 37 > 30 ends a "share" (the pool, 37 ≤ 60,
				// is not raised).
				return Spec{Members: roster(ag, newMock(t, "m"), "a", "b"), Controller: &testController{},
					Budget: Budget{Tokens: i64(60), Split: SplitEqual}}
			},
			reason: StopAllDone, statuses: map[string]string{"a": "share", "b": "submitted"},
		},
		"member_limits": {
			spec: func(t *testing.T) Spec {
				ag := newAgent(map[string][]step{
					"tok": {chat(5)}, "cost": {chat(5)}, "turn": {chat(5)}, "msg": {chat(5)},
					"time": {generate("slow")}, "ok": {sleep(300 * time.Millisecond), answer("OK")},
				})
				mock := newMock(t, "m")
				members := roster(ag, mock, "tok", "cost", "turn", "msg", "time", "ok")
				members[0].Limits = Limits{Tokens: i64(10)}
				members[1].Limits, members[1].Price = Limits{Cost: f64(20e-6)}, &hostmodel.Price{Input: 1, Output: 1}
				members[2].Limits = Limits{Turns: i64(2)}
				members[3].Limits = Limits{Messages: i64(4)}
				members[4].Limits, members[4].Model = Limits{Time: dur(80 * time.Millisecond)}, hangingModel{}
				return Spec{Members: members, Controller: &testController{}}
			},
			reason: StopAllDone,
			statuses: map[string]string{"tok": "member_limit:token", "cost": "member_limit:cost",
				"turn": "member_limit:turn", "msg": "member_limit:message", "time": "member_limit:time", "ok": "submitted"},
		},
		"swarm_cap_overshoot": {
			spec: func(t *testing.T) Spec {
				// Three members call at 0, 150 and 300 ms; each call takes
				// 600 ms and uses 100 tokens. a's call, recorded first, takes
				// the pool over its 50-token cap: a ends swarm_cap and the
				// swarm stops; b's and c's calls were in flight and are
				// recorded too: 300 tokens under a 50-token cap.
				fixed := &fixedModel{name: "fixed/model", usage: usage(60, 40), delay: 600 * time.Millisecond}
				ag := newAgent(map[string][]step{
					"a": {generate("x"), generate("y")},
					"b": {sleep(150 * time.Millisecond), generate("x"), generate("y")},
					"c": {sleep(300 * time.Millisecond), generate("x"), generate("y")},
				})
				return Spec{Members: roster(ag, fixed, "a", "b", "c"), Controller: &testController{},
					Budget: Budget{Tokens: i64(50)}}
			},
			reason: StopSwarmCap, statuses: map[string]string{"a": "swarm_cap", "b": "swarm_cap", "c": "swarm_cap"},
			check: func(t *testing.T, res *Result) {
				assert.Equal(t, int64(300), res.Ledger.Swarm.Usage.TotalTokens)
				assert.Equal(t, floatPtr(250), res.Ledger.Overshoot.Tokens, "the overshoot is recorded, not hidden")
			},
		},
		"swarm_time": {
			spec: func(t *testing.T) Spec {
				// The cap stops the swarm at 100 ms; a's call at 700 ms is
				// refused; b never calls and is cancelled after the grace.
				ag := newAgent(map[string][]step{"a": {sleep(700 * time.Millisecond), generate("late")}, "b": {block()}})
				return Spec{Members: roster(ag, newMock(t, "m"), "a", "b"), Controller: &testController{},
					Grace: 1500 * time.Millisecond, Budget: Budget{Time: dur(100 * time.Millisecond)}}
			},
			reason: StopTime, statuses: map[string]string{"a": "stopped", "b": "cancelled"},
		},
		"sample_limit_token": {
			spec: func(t *testing.T) Spec {
				ag := newAgent(map[string][]step{"a": {sleep(20 * time.Millisecond), answer("A")}, "b": {sleep(300 * time.Millisecond), chat(5)}})
				// budget.tokens above the task limit: the sample limit ends it.
				return Spec{Members: roster(ag, newMock(t, "m"), "a", "b"), Controller: &testController{},
					Budget: Budget{Tokens: i64(1000), Sample: Limits{Tokens: i64(20)}}}
			},
			endedBy: "sample_limit:token", statuses: map[string]string{"a": "submitted", "b": "errored"},
			check: func(t *testing.T, res *Result) {
				assert.True(t, res.Record.Final.Provisional)
				assert.Equal(t, "A", res.Output.Completion, "the answer so far is the output")
			},
		},
		"sample_limit_time": {
			spec: func(t *testing.T) Spec {
				ag := newAgent(map[string][]step{"a": {sleep(20 * time.Millisecond), answer("A")}, "b": {block()}})
				return Spec{Members: roster(ag, newMock(t, "m"), "a", "b"), Controller: &testController{},
					Deadline: time.Now()}
			},
			cancelWhen: submittedIs("a"), cause: SampleLimit(LimitTime),
			endedBy: "sample_limit:time", statuses: map[string]string{"a": "submitted", "b": "cancelled"},
		},
		"operator": {
			spec: func(t *testing.T) Spec {
				ag := newAgent(map[string][]step{"a": {sleep(20 * time.Millisecond), answer("A")}, "b": {sleep(200 * time.Millisecond), generate("late")}})
				return Spec{Members: roster(ag, newMock(t, "m"), "a", "b"), Controller: &testController{}}
			},
			cancelWhen: submittedIs("a"),
			reason:     StopOperator, statuses: map[string]string{"a": "submitted", "b": "stopped"},
		},
		"controller_error": {
			spec: func(t *testing.T) Spec {
				ag := newAgent(map[string][]step{"a": {sleep(20 * time.Millisecond), generate("x"), answer("A")}, "b": {sleep(200 * time.Millisecond), generate("late")}})
				ctrl := &testController{eventErr: errors.New("policy crashed"), eventErrKind: controller.EventSubmission}
				return Spec{Members: roster(ag, newMock(t, "m"), "a", "b"), Controller: ctrl}
			},
			statuses: map[string]string{"a": "submitted", "b": "cancelled"},
			check: func(t *testing.T, res *Result) {
				require.Error(t, res.Error)
				assert.Equal(t, 1, res.Ledger.Members[0].Calls.Calls, "the ledger is written on the error path too")
			},
		},
	}
}

func TestRuntimeGolden(t *testing.T) {
	t.Parallel()
	for name, tc := range runtimeCases() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithCancelCause(context.Background())
			defer cancel(nil)
			log := newRecordLog(tc.cancelWhen)
			if tc.cancelWhen != nil {
				go func() {
					<-log.when
					cancel(tc.cause)
				}()
			}
			res := run(t, ctx, tc.spec(t), log.hooks())
			assert.Equal(t, tc.reason, res.StopReason)
			assert.Equal(t, tc.endedBy, res.EndedBy)
			assert.Equal(t, tc.statuses, statuses(res.Record))
			wantStop := strPtr(tc.reason)
			if tc.reason == StopOperator {
				wantStop = nil // an operator interrupt ends the swarm from outside: ended_by
			}
			assert.Equal(t, wantStop, res.Ledger.StopReason)
			if tc.check != nil {
				tc.check(t, res)
			}
			compareGolden(t, filepath.Join("testdata", "runtime", name+".golden.json"), res.Record, res.Ledger)
		})
	}
}

// TestTieBreakGolden pins record and ledger of constructed states where
// swarm times tie exactly (they cannot through timing): roster order wins.
func TestTieBreakGolden(t *testing.T) {
	t.Parallel()
	for name, mode := range map[string]controller.FinalMode{"tie_first": controller.FinalFirst, "tie_last": controller.FinalLast} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r := testRuntime(mode, msAt("zed", StatusStopped, 0.5), msAt("amy", StatusSubmitted, 2),
				msAt("bob", StatusSubmitted, 2), msAt("cat", StatusSubmitted, 1.5))
			r.finished, r.reason = true, StopAllDone
			compareGolden(t, filepath.Join("testdata", "runtime", name+".golden.json"), r.snapshot(), r.ledger())
		})
	}
}

// compareGolden renders record and ledger with times masked and compares
// them with the golden file (rewritten with -update).
func compareGolden(t *testing.T, path string, rec Record, l Ledger) {
	t.Helper()
	raw, err := json.MarshalIndent(struct {
		Record Record `json:"record"`
		Ledger Ledger `json:"ledger"`
	}{rec, l}, "", "  ")
	require.NoError(t, err)
	got := append(floatTimes.ReplaceAll(raw, []byte(`${1}"<float>"`)), '\n')
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, got, 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test -update to create %s", path)
	assert.Equal(t, string(want), string(got))
}

// Interface guard for the test models.
var _ = []hostmodel.Provider{hangingModel{}, &fixedModel{}}
