package main

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/schema"
	"github.com/swarmhost/swarmhost/sdk/sdktest"
)

// roster has four voters, all pending.
var roster = []controller.Member{
	{Name: "a", Agent: "scripted", Index: 1, State: controller.StatePending},
	{Name: "b", Agent: "scripted", Index: 1, State: controller.StatePending},
	{Name: "c", Agent: "scripted", Index: 1, State: controller.StatePending},
	{Name: "d", Agent: "scripted", Index: 1, State: controller.StatePending},
}

func config(raw string) schema.Config { return schema.NewConfig([]byte(raw)) }

func sub(member string, at float64, answer string) controller.Submission {
	return controller.Submission{Member: member, Time: at, Answer: answer}
}

func TestMetadata(t *testing.T) {
	t.Parallel()
	var md controller.MetadataResponse
	sdktest.Controller(t, NewVote()).Metadata(context.Background(), controller.MetadataRequest{}, &md)
	assert.Equal(t, "vote", md.Name)
	defaults := map[string]any{}
	for _, a := range md.Schema.Attributes {
		defaults[a.Name] = a.Default
	}
	assert.Equal(t, map[string]any{"stop_on_majority": false, "ignore_case": true}, defaults)
}

func TestStartStartsEveryoneAndChooses(t *testing.T) {
	t.Parallel()
	c := sdktest.Controller(t, NewVote())
	var resp controller.StartResponse
	require.NoError(t, c.Start(context.Background(), controller.StartRequest{Session: "s1",
		Config: config(`{"stop_on_majority": false, "ignore_case": true}`), Roster: roster}, &resp))
	assert.Equal(t, []controller.Action{
		{Kind: controller.ActionStart, Member: "a"}, {Kind: controller.ActionStart, Member: "b"},
		{Kind: controller.ActionStart, Member: "c"}, {Kind: controller.ActionStart, Member: "d"},
	}, resp.Actions)
	assert.Equal(t, controller.FinalFirst, resp.FinalMode)
	assert.True(t, resp.Answers, "vote reads the answers and chooses")
}

func TestChoose(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		config      string
		submissions []controller.Submission
		// running leaves d running: the vote is settled only by a majority
		running bool
		want    controller.ChooseResponse
	}{
		"no submission": {},
		"not settled: no choice yet": {running: true,
			submissions: []controller.Submission{sub("a", 1, "41"), sub("b", 2, "42")}},
		"a majority of the roster settles it early": {running: true,
			submissions: []controller.Submission{sub("a", 1, "42"), sub("b", 2, "42"), sub("c", 3, "42")},
			want:        controller.ChooseResponse{Member: "a", Reason: "votes 3/3"}},
		"one submission": {submissions: []controller.Submission{sub("b", 1, "42")},
			want: controller.ChooseResponse{Member: "b", Reason: "votes 1/1"}},
		"plurality wins over the earliest": {
			submissions: []controller.Submission{sub("a", 1, "41"), sub("b", 2, "42"), sub("c", 3, "42"), sub("d", 4, "7")},
			want:        controller.ChooseResponse{Member: "b", Reason: "votes 2/4"}},
		"the earliest-submitting member of the winning group": {
			submissions: []controller.Submission{sub("d", 1, "42"), sub("a", 2, "41"), sub("c", 3, "42"), sub("b", 4, "42")},
			want:        controller.ChooseResponse{Member: "d", Reason: "votes 3/4"}},
		"tie: the group whose first submission is earliest": {
			submissions: []controller.Submission{sub("c", 1, "41"), sub("a", 2, "42"), sub("b", 3, "42"), sub("d", 4, "41")},
			want:        controller.ChooseResponse{Member: "c", Reason: "votes 2/4"}},
		"tie at equal times: roster order": {
			submissions: []controller.Submission{sub("a", 2, "42"), sub("b", 2, "41")},
			want:        controller.ChooseResponse{Member: "a", Reason: "votes 1/2"}},
		"roster order breaks equal times whatever the request order": {
			submissions: []controller.Submission{sub("d", 2, "41"), sub("c", 2, "42")},
			want:        controller.ChooseResponse{Member: "c", Reason: "votes 1/2"}},
		"request order does not matter": {
			submissions: []controller.Submission{sub("b", 3, "42"), sub("d", 4, "41"), sub("a", 2, "42"), sub("c", 1, "41")},
			want:        controller.ChooseResponse{Member: "c", Reason: "votes 2/4"}},
		"answers are trimmed": {
			submissions: []controller.Submission{sub("a", 1, "41"), sub("b", 2, " 42\n"), sub("c", 3, "42")},
			want:        controller.ChooseResponse{Member: "b", Reason: "votes 2/3"}},
		"answers are case-folded by default": {
			submissions: []controller.Submission{sub("a", 1, "London"), sub("b", 2, "PARIS"), sub("c", 3, "paris ")},
			want:        controller.ChooseResponse{Member: "b", Reason: "votes 2/3"}},
		"ignore_case false keeps cases apart": {
			config:      `{"stop_on_majority": false, "ignore_case": false}`,
			submissions: []controller.Submission{sub("a", 1, "London"), sub("b", 2, "PARIS"), sub("c", 3, "paris")},
			want:        controller.ChooseResponse{Member: "a", Reason: "votes 1/3"}},
		"blank answers count as submissions but not as votes": {
			submissions: []controller.Submission{sub("a", 1, ""), sub("b", 2, "  "), sub("c", 3, "42")},
			want:        controller.ChooseResponse{Member: "c", Reason: "votes 1/3"}},
		"only blank answers: no choice": {
			submissions: []controller.Submission{sub("a", 1, ""), sub("b", 2, "\n")}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			cfg := tc.config
			if cfg == "" {
				cfg = `{"stop_on_majority": false, "ignore_case": true}`
			}
			c := started(t, cfg, roster)
			var resp controller.ChooseResponse
			require.NoError(t, c.Choose(context.Background(), controller.ChooseRequest{Session: "s1", Config: config(cfg),
				Submissions: tc.submissions, Roster: endedRoster(tc.running)}, &resp))
			assert.Equal(t, tc.want, resp)
		})
	}
}

// TestEvent plays each case's submissions, in order, as one swarm run
// and records which of them made vote stop the swarm.
func TestEvent(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		config  string
		answers []string // submitted by a, b, c, d in turn
		roster  int      // roster size; 4 when 0
		stopsAt []int    // 1-based submissions answered with stop("majority")
	}{
		"default lets everyone finish":      {config: `{}`, answers: []string{"42", "42", "42", "42"}},
		"stop_on_majority false":            {config: `{"stop_on_majority": false}`, answers: []string{"42", "42", "42"}},
		"half of the roster is no majority": {answers: []string{"42", "41", "42", "41"}},
		"three of four is a majority":       {answers: []string{"42", "41", "42", "42"}, stopsAt: []int{4}},
		"two of three is a majority":        {roster: 3, answers: []string{"42", "42"}, stopsAt: []int{2}},
		"a one-member roster stops at once": {roster: 1, answers: []string{"42"}, stopsAt: []int{1}},
		"majority counts case-folded":       {answers: []string{"Paris", "PARIS ", "paris"}, stopsAt: []int{3}},
		"ignore_case false": {config: `{"stop_on_majority": true, "ignore_case": false}`,
			answers: []string{"Paris", "PARIS", "paris", "Paris"}},
		"blank answers never make a majority": {answers: []string{"", " ", "", ""}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			cfg := tc.config
			if cfg == "" {
				cfg = `{"stop_on_majority": true}`
			}
			r := roster
			if tc.roster > 0 {
				r = roster[:tc.roster]
			}
			sim := sdktest.NewSimulator(t, NewVote(), r, cfg)
			var stops []int
			for i, answer := range tc.answers {
				if sim.Stopped() != "" {
					break
				}
				if slices.Contains(sim.Submit(r[i].Name, answer, controller.Gate{}), controller.Stop(StopReason)) {
					stops = append(stops, i+1)
				}
			}
			require.NoError(t, sim.Err())
			assert.Equal(t, tc.stopsAt, stops)
		})
	}
}

func TestEventIgnoresOtherKinds(t *testing.T) {
	t.Parallel()
	sim := sdktest.NewSimulator(t, NewVote(), roster[:2], `{"stop_on_majority": true}`)
	assert.Empty(t, sim.End("a", controller.StatusErrored))
	require.NoError(t, sim.Err())
	assert.Equal(t, []string{"start", "member_started", "member_started", "member_ended"},
		calls(sim.Steps()), "no choose before a submission")
}

// Each run counts its own votes: a run's session starts from zero.
func TestSessionsAreSeparate(t *testing.T) {
	t.Parallel()
	first := sdktest.NewSimulator(t, NewVote(), roster[:3], `{"stop_on_majority": true}`)
	second := sdktest.NewSimulator(t, NewVote(), roster[:3], `{"stop_on_majority": true}`)
	assert.NotContains(t, first.Submit("a", "42", controller.Gate{}), controller.Stop(StopReason))
	assert.NotContains(t, second.Submit("a", "42", controller.Gate{}), controller.Stop(StopReason))
	assert.Contains(t, first.Submit("b", "42", controller.Gate{}), controller.Stop(StopReason), "the second vote of three")
	assert.Equal(t, "", second.Stopped())
	chosen, ok := first.Chosen()
	assert.True(t, ok)
	assert.Equal(t, controller.ChooseResponse{Member: "a", Reason: "votes 2/2"}, chosen)
}

func TestBadConfigIsAnError(t *testing.T) {
	t.Parallel()
	sim := sdktest.NewSimulator(t, NewVote(), roster, `{"ignore_case": "yes"}`)
	assert.ErrorContains(t, sim.Err(), "vote")
}

// started is a vote session "s1" of roster, started with cfg.
func started(t *testing.T, cfg string, roster []controller.Member) *sdktest.ControllerClient {
	t.Helper()
	c := sdktest.Controller(t, NewVote())
	require.NoError(t, c.Start(context.Background(), controller.StartRequest{Session: "s1", Config: config(cfg), Roster: roster},
		&controller.StartResponse{}))
	return c
}

func calls(steps []sdktest.Step) []string {
	out := make([]string, len(steps))
	for i, st := range steps {
		out[i] = st.Call
	}
	return out
}

// endedRoster is the roster with every member ended, but d running when
// running is set.
func endedRoster(running bool) []controller.Member {
	r := append([]controller.Member(nil), roster...)
	for i := range r {
		r[i].State = controller.StateEnded
	}
	if running {
		r[3].State = controller.StateRunning
	}
	return r
}
