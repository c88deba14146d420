package swarm

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// TestFinalRules runs whole swarms and checks the chosen answer under each
// final rule. Members that must be ordered wait for the earlier one's end
// (after), so the order holds however slow the machine.
func TestFinalRules(t *testing.T) {
	t.Parallel()
	// staggered ends b, then c, then a: the reverse of the roster for a and b
	staggered := func(e *endings) map[string][]step {
		return map[string][]step{
			"a": {after(e, "c"), answer("A")},
			"b": {answer("B")},
			"c": {after(e, "b"), answer("C")},
		}
	}
	cases := map[string]struct {
		scripts  func(*endings) map[string][]step
		mode     controller.FinalMode
		wantMode *string
		want     *string
		statuses map[string]string
	}{
		"first: earliest submission wins though later in roster": {
			scripts: staggered, mode: controller.FinalFirst, wantMode: ptr("first"), want: ptr("b"),
			statuses: map[string]string{"a": "submitted", "b": "submitted", "c": "submitted"},
		},
		"first is the default when Start leaves the mode empty": {
			scripts: staggered, mode: "", wantMode: ptr("first"), want: ptr("b"),
			statuses: map[string]string{"a": "submitted", "b": "submitted", "c": "submitted"},
		},
		"last: latest submission wins though first in roster": {
			scripts: staggered, mode: controller.FinalLast, wantMode: ptr("last"), want: ptr("a"),
			statuses: map[string]string{"a": "submitted", "b": "submitted", "c": "submitted"},
		},
		"first skips a member that errored earlier": {
			scripts: func(e *endings) map[string][]step {
				return map[string][]step{
					"a": {fail("boom")},
					"b": {after(e, "a"), answer("B")},
					"c": {after(e, "b"), answer("C")},
				}
			},
			mode: controller.FinalFirst, wantMode: ptr("first"), want: ptr("b"),
			statuses: map[string]string{"a": "errored", "b": "submitted", "c": "submitted"},
		},
		"last skips a member that errored later": {
			scripts: func(e *endings) map[string][]step {
				return map[string][]step{
					"a": {after(e, "c"), fail("late failure")},
					"b": {answer("B")},
					"c": {after(e, "b"), answer("C")},
				}
			},
			mode: controller.FinalLast, wantMode: ptr("last"), want: ptr("c"),
			statuses: map[string]string{"a": "errored", "b": "submitted", "c": "submitted"},
		},
		"no submissions: empty output and null mode and member": {
			scripts: func(e *endings) map[string][]step {
				return map[string][]step{
					"a": {fail("one")},
					"b": {after(e, "a"), fail("two")},
					"c": {fail("three")},
				}
			},
			mode:     controller.FinalFirst,
			statuses: map[string]string{"a": "errored", "b": "errored", "c": "errored"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ends := newEndings()
			ag := newAgent(tc.scripts(ends))
			// errored members are contained here: the rules skip them
			spec := Spec{Members: roster(ag, newMock(t, "m"), "a", "b", "c"), Controller: &testController{mode: tc.mode},
				ContainMemberErrors: true}
			res := run(t, context.Background(), spec, ends.hooks())
			require.NoError(t, res.Error)
			assert.Equal(t, StopAllDone, res.StopReason)
			assert.Equal(t, tc.statuses, statuses(res.Record))
			f := res.Record.Final
			assert.Equal(t, tc.wantMode, f.Mode, "final.mode")
			assert.Equal(t, tc.want, f.Member, "final.member")
			assert.False(t, f.Provisional)
			if tc.want == nil {
				assert.Equal(t, ptr("no_submissions"), f.Reason)
				assert.Equal(t, model.Output{}, res.Output, "no submission: empty output")
				assert.Equal(t, "", res.Output.Completion)
				assert.Equal(t, testSample().Input, res.Messages, "no answer message")
				return
			}
			assert.Nil(t, f.Reason, "first/last give no reason")
			want := map[string]string{"a": "A", "b": "B", "c": "C"}[*tc.want]
			assert.Equal(t, want, res.Output.Completion)
			for _, m := range res.Record.Members {
				assert.Equal(t, str(m.Status) == StatusSubmitted, m.Submitted, "submitted iff status submitted: %s", m.Name)
			}
		})
	}
}

// msAt builds a member state ended at t with status.
func msAt(name, status string, t float64) *memberState {
	return &memberState{spec: Member{Name: name}, state: StateEnded, status: status, endTime: t,
		output: model.TextOutput("m", "answer of "+name)}
}

func testRuntime(mode controller.FinalMode, members ...*memberState) *runtime {
	r := &runtime{finalMode: mode, byName: map[string]*memberState{}}
	for _, m := range members {
		r.members = append(r.members, m)
		r.byName[m.spec.Name] = m
	}
	return r
}

// TestPickTies checks the final rule on constructed states, where swarm
// times can tie exactly (they cannot through timing).
func TestPickTies(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		mode    controller.FinalMode
		members []*memberState
		choice  *controller.ChooseResponse
		want    Final
	}{
		"first: tie goes to the earlier roster member": {
			mode:    controller.FinalFirst,
			members: []*memberState{msAt("a", StatusStopped, 0.5), msAt("b", StatusSubmitted, 2), msAt("c", StatusSubmitted, 2)},
			want:    Final{Mode: ptr("first"), Member: ptr("b")},
		},
		"first: tie goes to the earlier roster member, not the name": {
			mode:    controller.FinalFirst,
			members: []*memberState{msAt("zed", StatusSubmitted, 1), msAt("amy", StatusSubmitted, 1)},
			want:    Final{Mode: ptr("first"), Member: ptr("zed")},
		},
		"first: strictly earlier later in roster wins": {
			mode:    controller.FinalFirst,
			members: []*memberState{msAt("a", StatusSubmitted, 1), msAt("b", StatusSubmitted, 0.999)},
			want:    Final{Mode: ptr("first"), Member: ptr("b")},
		},
		"last: tie goes to the earlier roster member": {
			mode: controller.FinalLast,
			members: []*memberState{msAt("a", StatusSubmitted, 1), msAt("b", StatusSubmitted, 3),
				msAt("c", StatusSubmitted, 3), msAt("d", StatusCancelled, 9)},
			want: Final{Mode: ptr("last"), Member: ptr("b")},
		},
		"last: never a member that did not submit": {
			mode: controller.FinalLast,
			members: []*memberState{msAt("a", StatusSubmitted, 1), msAt("b", StatusErrored, 3),
				msAt("c", StatusStopped, 4), msAt("d", StatusSwarmCap, 5), msAt("e", MemberLimit("token"), 6),
				msAt("f", StatusShare, 7)},
			want: Final{Mode: ptr("last"), Member: ptr("a")},
		},
		"no submission": {
			mode:    controller.FinalLast,
			members: []*memberState{msAt("a", StatusStopped, 1), {spec: Member{Name: "b"}, state: StatePending}},
			want:    Final{Reason: ptr("no_submissions")},
		},
		"controller: its choice and reason": {
			mode:    controller.FinalController,
			members: []*memberState{msAt("a", StatusSubmitted, 1), msAt("b", StatusSubmitted, 2)},
			choice:  &controller.ChooseResponse{Member: "b", Reason: "best tests"},
			want:    Final{Mode: ptr("controller"), Member: ptr("b"), Reason: ptr("best tests")},
		},
		"no choice yet: the first rule applies": {
			mode:    controller.FinalFirst,
			members: []*memberState{msAt("a", StatusSubmitted, 1), msAt("b", StatusSubmitted, 0.5)},
			want:    Final{Mode: ptr("first"), Member: ptr("b")},
		},
		"no choice yet: the last rule applies": {
			mode:    controller.FinalLast,
			members: []*memberState{msAt("a", StatusSubmitted, 1), msAt("b", StatusSubmitted, 0.5)},
			want:    Final{Mode: ptr("last"), Member: ptr("a")},
		},
		"a choice overrides the rule": {
			mode:    controller.FinalLast,
			members: []*memberState{msAt("a", StatusSubmitted, 1), msAt("b", StatusSubmitted, 2)},
			choice:  &controller.ChooseResponse{Member: "a"},
			want:    Final{Mode: ptr("controller"), Member: ptr("a")},
		},
		"controller: no submission": {
			mode:    controller.FinalController,
			members: []*memberState{msAt("a", StatusErrored, 1)},
			want:    Final{Reason: ptr("no_submissions")},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r := testRuntime(tc.mode, tc.members...)
			r.choice = tc.choice
			r.finished = true
			assert.Empty(t, cmp.Diff(tc.want, r.final()))
			r.finished = false
			assert.True(t, r.final().Provisional, "not finished: provisional")
		})
	}
}

// TestSubmissionsOrder checks that Choose sees submissions by swarm time,
// ties in roster order, and only submitted members.
func TestSubmissionsOrder(t *testing.T) {
	t.Parallel()
	r := testRuntime(controller.FinalController,
		msAt("a", StatusSubmitted, 3), msAt("b", StatusSubmitted, 1), msAt("c", StatusStopped, 0.5),
		msAt("d", StatusSubmitted, 1), msAt("e", StatusSubmitted, 2))
	r.byName["e"].lastGate = controller.Gate{Checked: true, Passed: true}
	got := r.submissions()
	want := []controller.Submission{
		{Member: "b", Time: 1, Answer: "answer of b"},
		{Member: "d", Time: 1, Answer: "answer of d"},
		{Member: "e", Time: 2, Answer: "answer of e", Gate: controller.Gate{Checked: true, Passed: true}},
		{Member: "a", Time: 3, Answer: "answer of a"},
	}
	assert.Empty(t, cmp.Diff(want, got))
}
