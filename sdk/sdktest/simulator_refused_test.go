package sdktest_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/sdktest"
)

// forgiving is a script whose sessions handle refusals: each refused
// action is recorded, and answered with onRefused's actions.
type forgiving struct {
	script
	onRefused func(controller.RefusedRequest) []controller.Action
	refusals  []controller.RefusedRequest
}

func (f *forgiving) Start(ctx context.Context, req controller.StartRequest, resp *controller.StartResponse) (controller.Session, error) {
	if _, err := f.script.Start(ctx, req, resp); err != nil {
		return nil, err
	}
	return f, nil
}

func (f *forgiving) Refused(_ context.Context, req controller.RefusedRequest, resp *controller.EventResponse) error {
	f.refusals = append(f.refusals, req)
	if f.onRefused == nil {
		return req.Err
	}
	resp.Actions = f.onRefused(req)
	return nil
}

var _ controller.WithRefused = (*forgiving)(nil)

// TestSimulatorTellsASessionItsRefusals: a session that handles refusals
// learns each refused action at once, with the cause, the host's text and
// the actions skipped after it, and goes on with the actions it answers.
func TestSimulatorTellsASessionItsRefusals(t *testing.T) {
	t.Parallel()
	roster := []controller.Member{sdktest.Member("a"), sdktest.Member("b")}
	start := controller.Start
	tests := map[string]struct {
		ctrl       forgiving
		play       func(*sdktest.Simulator)
		calls      []string
		cause      error
		text       string
		notApplied []controller.Action
		err        string
	}{
		"a stranger's start, then the skipped actions": {
			ctrl: forgiving{script: script{start: []controller.Action{start("ghost", ""), start("a", "")}},
				onRefused: func(req controller.RefusedRequest) []controller.Action { return req.NotApplied }},
			calls: []string{"start", "refused:ghost", "member_started:a"},
			cause: controller.ErrUnknownMember, text: `started "ghost": no member has this name; the members are a, b`,
			notApplied: []controller.Action{start("a", "")},
		},
		"a second start, answered with another member": {
			ctrl: forgiving{script: script{start: []controller.Action{start("a", "")},
				events: map[string][]controller.Action{"member_started:a": {start("a", "again")}}},
				onRefused: func(controller.RefusedRequest) []controller.Action { return []controller.Action{start("b", "")} }},
			calls: []string{"start", "member_started:a", "refused:a", "member_started:b"},
			cause: controller.ErrStartedTwice, text: `started "a" again: the member has already started (state running), and a member runs once`,
		},
		"a choice by Choose of a member without a submission": {
			ctrl: forgiving{script: script{start: []controller.Action{start("a", ""), start("b", "")}, answers: true,
				choose: func(controller.ChooseRequest) controller.ChooseResponse {
					return controller.ChooseResponse{Member: "b", Reason: "hunch"}
				}},
				onRefused: func(controller.RefusedRequest) []controller.Action {
					return []controller.Action{controller.ChooseAnswer("a", "")}
				}},
			play:  func(s *sdktest.Simulator) { s.Submit("a", "42", controller.Gate{}) },
			calls: []string{"start", "member_started:a", "member_started:b", "submission:a", "choose", "refused:b", "member_ended:a"},
			cause: controller.ErrNotSubmitted,
			text:  `chose "b": the member has not ended with a submission (state running, status none); only a submission can be the answer`,
		},
		"an error from Refused ends the run": {
			ctrl:  forgiving{script: script{start: []controller.Action{start("ghost", "")}}},
			calls: []string{"start"},
			cause: controller.ErrUnknownMember, text: `started "ghost": no member has this name; the members are a, b`,
			err: `controller start: controller script refused: started "ghost": no member has this name; the members are a, b`,
		},
		"a refusal of Refused's answer ends the run": {
			ctrl: forgiving{script: script{start: []controller.Action{start("ghost", "")}},
				onRefused: func(controller.RefusedRequest) []controller.Action { return []controller.Action{start("phantom", "")} }},
			calls: []string{"start", "refused:ghost"},
			cause: controller.ErrUnknownMember, text: `started "ghost": no member has this name; the members are a, b`,
			err: `controller start: started "phantom": no member has this name; the members are a, b`,
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			sim := sdktest.NewSimulator(t, &tc.ctrl, roster, nil)
			if tc.play != nil {
				tc.play(sim)
			}
			assert.Equal(t, tc.calls, calls(sim.Steps()))
			if tc.err == "" {
				require.NoError(t, sim.Err())
			} else {
				require.EqualError(t, sim.Err(), tc.err)
			}
			require.NotEmpty(t, tc.ctrl.refusals, "the session was told")
			got := tc.ctrl.refusals[0]
			assert.True(t, errors.Is(got.Err, tc.cause), "the cause crosses the wire: %v", got.Err.Cause)
			assert.EqualError(t, got.Err, tc.text)
			assert.ElementsMatch(t, tc.notApplied, got.NotApplied)
			assert.Equal(t, "sim-1", got.Session)
			assert.Len(t, got.Roster, len(roster))
		})
	}
}
