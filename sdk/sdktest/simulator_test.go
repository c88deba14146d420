package sdktest_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/diag"
	"github.com/swarmhost/swarmhost/sdk/schema"
	"github.com/swarmhost/swarmhost/sdk/sdktest"
)

// script is a controller whose Start and Event answer from tables: the
// actions for start, and for "<kind>:<member>" events.
type script struct {
	start   []controller.Action
	events  map[string][]controller.Action
	answers bool
	choose  func(controller.ChooseRequest) controller.ChooseResponse
}

func (*script) Metadata(_ context.Context, _ controller.MetadataRequest, resp *controller.MetadataResponse) {
	resp.Name = "script"
	resp.Schema = schema.Schema{Attributes: []schema.Attribute{{Name: "limit", Type: "number", Default: 2}}}
}

func (s *script) ValidateConfig(_ context.Context, req controller.ValidateConfigRequest, resp *controller.ValidateConfigResponse) {
	var cfg struct{ Limit *float64 }
	if err := req.Config.Decode(&cfg); err != nil || cfg.Limit == nil || *cfg.Limit < 1 {
		resp.Diagnostics.AddError("Invalid limit", "limit must be a number of at least 1.", "limit")
	}
}

func (s *script) Start(_ context.Context, _ controller.StartRequest, resp *controller.StartResponse) (controller.Session, error) {
	resp.Actions, resp.Answers = s.start, s.answers
	return s, nil
}

func (s *script) Event(_ context.Context, req controller.EventRequest, resp *controller.EventResponse) error {
	resp.Actions = s.events[string(req.Event.Kind)+":"+req.Event.Member]
	return nil
}

func (s *script) Choose(_ context.Context, req controller.ChooseRequest, resp *controller.ChooseResponse) error {
	if s.choose != nil {
		*resp = s.choose(req)
	}
	return nil
}

func calls(steps []sdktest.Step) []string {
	out := make([]string, len(steps))
	for i, st := range steps {
		out[i] = st.Call
		if st.Member != "" {
			out[i] += ":" + st.Member
		}
	}
	return out
}

func TestSimulator(t *testing.T) {
	t.Parallel()
	roster := []controller.Member{sdktest.Member("a"), sdktest.Member("b")}
	start := controller.Start
	tests := map[string]struct {
		script  script
		play    func(*sdktest.Simulator)
		calls   []string
		stopped string
		chosen  string
		// err is the run's error, the runtime's text; cause its refusal.
		err   string
		cause error
	}{
		"a start delivers member_started": {
			script: script{start: []controller.Action{start("a", "")}},
			calls:  []string{"start", "member_started:a"},
		},
		"a submission ends the member: submission, then member_ended, then choose": {
			script: script{start: []controller.Action{start("a", "")}, answers: true},
			play:   func(s *sdktest.Simulator) { s.Submit("a", "42", controller.Gate{}) },
			calls:  []string{"start", "member_started:a", "submission:a", "choose", "member_ended:a", "choose"},
		},
		"no choose without answers": {
			script: script{start: []controller.Action{start("a", "")}},
			play:   func(s *sdktest.Simulator) { s.Submit("a", "42", controller.Gate{}) },
			calls:  []string{"start", "member_started:a", "submission:a", "member_ended:a"},
		},
		"an end starts the next member": {
			script: script{start: []controller.Action{start("a", "")},
				events: map[string][]controller.Action{"member_ended:a": {start("b", "again")}}},
			play:  func(s *sdktest.Simulator) { s.End("a", controller.StatusErrored) },
			calls: []string{"start", "member_started:a", "member_ended:a", "member_started:b"},
		},
		"after a stop the controller gets no call, but the step's choose": {
			script: script{start: []controller.Action{start("a", ""), start("b", "")}, answers: true,
				events: map[string][]controller.Action{"submission:a": {controller.Stop("done")}}},
			play: func(s *sdktest.Simulator) {
				s.Submit("a", "42", controller.Gate{})
				s.Submit("b", "41", controller.Gate{})
			},
			calls:   []string{"start", "member_started:a", "member_started:b", "submission:a", "choose"},
			stopped: "done",
		},
		"Choose picks once": {
			script: script{start: []controller.Action{start("a", "")}, answers: true,
				choose: func(req controller.ChooseRequest) controller.ChooseResponse {
					return controller.ChooseResponse{Member: req.Submissions[0].Member, Reason: "first"}
				}},
			play:   func(s *sdktest.Simulator) { s.Submit("a", "42", controller.Gate{}) },
			calls:  []string{"start", "member_started:a", "submission:a", "choose", "member_ended:a"},
			chosen: "a",
		},
		"starting a member twice is an error": {
			script: script{start: []controller.Action{start("a", ""), start("a", "")}},
			calls:  []string{"start"},
			err:    `controller start: started "a" again: the member has already started (state running), and a member runs once`,
			cause:  controller.ErrStartedTwice,
		},
		"starting a stranger is an error": {
			script: script{start: []controller.Action{start("z", "")}},
			calls:  []string{"start"},
			err:    `controller start: started "z": no member has this name; the members are a, b`,
			cause:  controller.ErrUnknownMember,
		},
		"choosing a member that did not submit is an error": {
			script: script{start: []controller.Action{start("a", "")},
				events: map[string][]controller.Action{"member_started:a": {controller.ChooseAnswer("a", "")}}},
			calls: []string{"start", "member_started:a"},
			err:   `controller event member_started: chose "a": the member has not ended with a submission (state running, status none); only a submission can be the answer`,
			cause: controller.ErrNotSubmitted,
		},
		"choosing a stranger by Choose is an error": {
			script: script{start: []controller.Action{start("a", "")}, answers: true,
				choose: func(controller.ChooseRequest) controller.ChooseResponse {
					return controller.ChooseResponse{Member: "z"}
				}},
			play:  func(s *sdktest.Simulator) { s.Submit("a", "42", controller.Gate{}) },
			calls: []string{"start", "member_started:a", "submission:a", "choose"},
			err:   `controller choose: chose "z": no member has this name; the members are a, b`,
			cause: controller.ErrUnknownMember,
		},
		"choosing twice is an error": {
			script: script{start: []controller.Action{start("a", "")},
				events: map[string][]controller.Action{"submission:a": {controller.ChooseAnswer("a", ""), controller.ChooseAnswer("a", "")}}},
			play:   func(s *sdktest.Simulator) { s.Submit("a", "42", controller.Gate{}) },
			calls:  []string{"start", "member_started:a", "submission:a"},
			chosen: "a",
			err:    `controller event submission: chose "a": the controller has already chosen "a", and it chooses once`,
			cause:  controller.ErrChoseTwice,
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			sim := sdktest.NewSimulator(t, &tc.script, roster, nil)
			if tc.play != nil {
				tc.play(sim)
			}
			assert.Equal(t, tc.calls, calls(sim.Steps()))
			assert.Equal(t, tc.stopped, sim.Stopped())
			chosen, _ := sim.Chosen()
			assert.Equal(t, tc.chosen, chosen.Member)
			if tc.err == "" {
				require.NoError(t, sim.Err())
				return
			}
			require.EqualError(t, sim.Err(), tc.err, "the host's text")
			require.ErrorIs(t, sim.Err(), tc.cause)
		})
	}
}

func TestSimulatorRosterFollowsTheRun(t *testing.T) {
	t.Parallel()
	sim := sdktest.NewSimulator(t, &script{start: []controller.Action{controller.Start("a", "")}},
		[]controller.Member{sdktest.Member("a"), sdktest.Member("b")}, nil)
	sim.Submit("a", "42", controller.Gate{Checked: true, Passed: true})
	r := sim.Roster()
	assert.Equal(t, []controller.MemberState{controller.StateEnded, controller.StatePending}, []controller.MemberState{r[0].State, r[1].State})
	assert.Equal(t, controller.StatusSubmitted, r[0].Status)
}

func TestConfigIsCompletedWithDefaults(t *testing.T) {
	t.Parallel()
	c := sdktest.Config(t, &script{}, map[string]any{})
	assert.JSONEq(t, `{"limit": 2}`, string(c.JSON()))
}

func TestValidateSeesTheCompletedConfig(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		config any
		want   []diag.Path
	}{
		"the default passes": {config: nil},
		"a good value":       {config: `{"limit": 5}`},
		"a bad value":        {config: map[string]any{"limit": 0}, want: []diag.Path{{"limit"}}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var got []diag.Path
			for _, d := range sdktest.Validate(t, &script{}, tc.config) {
				got = append(got, d.Path)
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestAStartWithAConfigTheHostRejectsFails(t *testing.T) {
	t.Parallel()
	sim := sdktest.NewSimulator(t, &script{}, nil, `{"limit": 0}`)
	require.ErrorContains(t, sim.Err(), "the host would reject this config: Invalid limit")
	err := sdktest.Controller(t, &script{}).Start(context.Background(), controller.StartRequest{Session: "s"},
		&controller.StartResponse{})
	require.NoError(t, err, "an unset limit takes its default, 2")
}
