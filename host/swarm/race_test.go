package swarm

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/controller"
)

// TestManyMembersConcurrently runs 200 members that end at about the same
// time (meant for -race): exactly one answer is chosen, by the rule, and
// every member has ended.
func TestManyMembersConcurrently(t *testing.T) {
	t.Parallel()
	const n = 200
	cases := map[string]struct {
		ctrl *testController
		// ok lists the statuses a member may end with.
		ok []string
	}{
		"first with stop on submission": {
			ctrl: &testController{stopOnSubmission: "submission"}, ok: []string{StatusSubmitted, StatusStopped},
		},
		"last, every member runs to its end": {
			ctrl: &testController{mode: controller.FinalLast}, ok: []string{StatusSubmitted},
		},
		"controller chooses the longest": {
			ctrl: &testController{mode: controller.FinalController, choose: func(req controller.ChooseRequest) controller.ChooseResponse {
				if len(req.Submissions) < n {
					return controller.ChooseResponse{}
				}
				return longest(req)
			}}, ok: []string{StatusSubmitted},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			scripts := map[string][]step{}
			var roll []string
			for i := range n {
				m := fmt.Sprintf("m-%d", i)
				roll = append(roll, m)
				scripts[m] = []step{sleep(time.Duration(i%7) * time.Millisecond), generate("go"), answer("answer " + m)}
			}
			ag := newAgent(scripts)
			log := newRecordLog(nil)
			res := run(t, context.Background(), Spec{Members: roster(ag, newMock(t, "m"), roll...), Controller: tc.ctrl}, log.hooks())
			require.NoError(t, res.Error)
			require.NotNil(t, res.Record.Final.Member)
			chosen := *res.Record.Final.Member
			assert.Equal(t, "answer "+chosen, res.Output.Completion)
			assert.Equal(t, chosen, *res.Messages[len(res.Messages)-1].Metadata["inspect_swarm"].(map[string]any)["final"].(AnswerFinal).Member)
			submitted := 0
			var best *RecordMember
			for i, m := range res.Record.Members {
				assert.Equal(t, roll[i], m.Name)
				assert.Equal(t, StateEnded, m.State, m.Name)
				assert.Contains(t, tc.ok, str(m.Status), m.Name)
				if !m.Submitted {
					continue
				}
				submitted++
				switch {
				case best == nil:
					best = &res.Record.Members[i]
				case tc.ctrl.mode == controller.FinalLast && *m.Time > *best.Time:
					best = &res.Record.Members[i]
				case tc.ctrl.mode == "" && *m.Time < *best.Time:
					best = &res.Record.Members[i]
				}
			}
			require.Positive(t, submitted)
			assert.True(t, member(t, res.Record, chosen).Submitted)
			if tc.ctrl.mode != controller.FinalController {
				assert.Equal(t, best.Name, chosen, "the rule picks among all submissions")
			} else {
				log := tc.ctrl.chooseLog()
				assert.Len(t, log[len(log)-1].Submissions, n, "asked until it chose, once every member submitted")
				assert.Equal(t, "controller", *res.Record.Final.Mode)
			}
			ctrl := tc.ctrl
			ctrl.mu.Lock()
			assert.False(t, ctrl.overlap, "Event calls never overlap")
			ctrl.mu.Unlock()
			records := log.all()
			assert.Equal(t, res.Record, records[len(records)-1])
		})
	}
}
