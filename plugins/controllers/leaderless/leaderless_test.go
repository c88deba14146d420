package main

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

var roster = []controller.Member{
	{Name: "solver-1", Agent: "react", Index: 1, State: controller.StatePending},
	{Name: "solver-2", Agent: "react", Index: 2, State: controller.StatePending},
	{Name: "critic", Role: "critic", Agent: "scripted", Index: 1, State: controller.StatePending},
}

func config(t *testing.T, raw string) schema.Config {
	t.Helper()
	if raw == "" {
		return schema.Config{}
	}
	return schema.NewConfig([]byte(raw))
}

func TestMetadata(t *testing.T) {
	t.Parallel()
	var md controller.MetadataResponse
	sdktest.Controller(t, &Leaderless{}).Metadata(context.Background(), controller.MetadataRequest{}, &md)
	assert.Equal(t, "leaderless", md.Name)
	defaults := map[string]any{}
	for _, a := range md.Schema.Attributes {
		defaults[a.Name] = a.Default
	}
	assert.Equal(t, map[string]any{"stop_on_submission": true, "final": "first"}, defaults)
}

func TestStart(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		config    string
		roster    []controller.Member
		wantFinal controller.FinalMode
	}{
		"no config":                {roster: roster, wantFinal: controller.FinalFirst},
		"empty config":             {config: `{}`, roster: roster, wantFinal: controller.FinalFirst},
		"final first":              {config: `{"final": "first", "stop_on_submission": true}`, roster: roster, wantFinal: controller.FinalFirst},
		"stop_on_submission false": {config: `{"final": "last", "stop_on_submission": false}`, roster: roster, wantFinal: controller.FinalLast},
		"one member":               {roster: roster[2:], wantFinal: controller.FinalFirst},
		"empty roster":             {wantFinal: controller.FinalFirst},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c := sdktest.Controller(t, &Leaderless{})
			var resp controller.StartResponse
			err := c.Start(context.Background(), controller.StartRequest{Session: "s1", Config: config(t, tc.config),
				Roster: tc.roster, Sample: controller.SampleRef{ID: "1", Epoch: 1}}, &resp)
			require.NoError(t, err)
			want := []controller.Action{}
			for _, m := range tc.roster {
				want = append(want, controller.Action{Kind: controller.ActionStart, Member: m.Name})
			}
			assert.Equal(t, want, resp.Actions, "every member starts, in roster order, with the sample input")
			assert.Equal(t, tc.wantFinal, resp.FinalMode)
		})
	}
}

func TestEvent(t *testing.T) {
	t.Parallel()
	submission := controller.Event{Kind: controller.EventSubmission, Member: "solver-2", Time: 12.5,
		Answer: "42", Gate: controller.Gate{Checked: true, Passed: true}}
	stop := []controller.Action{{Kind: controller.ActionStop, Reason: StopReason}}
	tests := map[string]struct {
		config string
		event  controller.Event
		want   []controller.Action
	}{
		"submission stops by default": {event: submission, want: stop},
		"submission stops with stop_on_submission": {
			config: `{"stop_on_submission": true, "final": "first"}`, event: submission, want: stop,
		},
		"submission with a failed gate stops too": {
			event: controller.Event{Kind: controller.EventSubmission, Member: "solver-1", Answer: "41",
				Gate: controller.Gate{Checked: true}},
			want: stop,
		},
		"submission without stop_on_submission": {
			config: `{"stop_on_submission": false, "final": "first"}`, event: submission,
		},
		"member started": {event: controller.Event{Kind: controller.EventMemberStarted, Member: "solver-1", Time: 0.1}},
		"member ended": {
			event: controller.Event{Kind: controller.EventMemberEnded, Member: "solver-1", Time: 3, Status: controller.StatusErrored},
		},
		"member ended with stop_on_submission false": {
			config: `{"stop_on_submission": false}`,
			event:  controller.Event{Kind: controller.EventMemberEnded, Member: "solver-1", Status: controller.StatusSubmitted},
		},
		"unknown event": {event: controller.Event{Kind: "budget_warning"}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c := started(t, tc.config)
			var resp controller.EventResponse
			err := c.Event(context.Background(), controller.EventRequest{Session: "s1", Config: config(t, tc.config),
				Event: tc.event, Roster: roster}, &resp)
			require.NoError(t, err)
			if tc.want == nil {
				assert.Empty(t, resp.Actions)
				return
			}
			assert.Equal(t, tc.want, resp.Actions)
		})
	}
}

// A config the host rejects never reaches Start: sdktest checks it as
// the host does, after completing it (stop_on_submission defaults to true).
func TestStartRefusesAConfigTheHostRejects(t *testing.T) {
	t.Parallel()
	err := sdktest.Controller(t, &Leaderless{}).Start(context.Background(),
		controller.StartRequest{Session: "s1", Config: config(t, `{"final": "last"}`), Roster: roster}, &controller.StartResponse{})
	require.ErrorContains(t, err, `final = "last" needs stop_on_submission = false`)
}

// TestChooseChoosesNothing: leaderless's sessions have no Choose (the final
// rule picks the answer); asked anyway through the host's client, they
// choose nothing.
func TestChooseChoosesNothing(t *testing.T) {
	t.Parallel()
	c := started(t, "")
	var resp controller.ChooseResponse
	err := c.Choose(context.Background(), controller.ChooseRequest{Session: "s1",
		Submissions: []controller.Submission{{Member: "solver-1", Time: 1, Answer: "42"}}, Roster: roster}, &resp)
	require.NoError(t, err)
	assert.Equal(t, controller.ChooseResponse{}, resp)
}

// ValidateConfig goes through the real gRPC layer, on the config completed
// with its defaults as the host completes it.
func TestValidateConfig(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		config   string
		wantPath []diag.Path
	}{
		"empty config": {config: `{}`},
		"first":        {config: `{"final": "first", "stop_on_submission": true}`},
		"last":         {config: `{"final": "last", "stop_on_submission": false}`},
		"last with stop_on_submission": {config: `{"final": "last", "stop_on_submission": true}`,
			wantPath: []diag.Path{{"final"}}},
		"last with the default stop_on_submission": {config: `{"final": "last"}`, wantPath: []diag.Path{{"final"}}},
		"middle":      {config: `{"final": "middle"}`, wantPath: []diag.Path{{"final"}}},
		"controller":  {config: `{"final": "controller"}`, wantPath: []diag.Path{{"final"}}},
		"empty final": {config: `{"final": ""}`, wantPath: []diag.Path{{"final"}}},
		"final not a string": {
			config: `{"final": 1}`, wantPath: []diag.Path{nil},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			diags := sdktest.Validate(t, &Leaderless{}, tc.config)
			require.Len(t, diags, len(tc.wantPath), "diagnostics: %+v", diags)
			for i, p := range tc.wantPath {
				assert.Equal(t, diag.Error, diags[i].Severity)
				assert.Equal(t, p, diags[i].Path)
				assert.NotEmpty(t, diags[i].Summary)
			}
		})
	}
}

func TestValidateConfigNamesTheBadValue(t *testing.T) {
	t.Parallel()
	var resp controller.ValidateConfigResponse
	(&Leaderless{}).ValidateConfig(context.Background(),
		controller.ValidateConfigRequest{Config: schema.NewConfig([]byte(`{"final": "middle"}`))}, &resp)
	require.Len(t, resp.Diagnostics, 1)
	assert.Equal(t, diag.Diagnostic{
		Severity: diag.Error,
		Summary:  "Invalid final rule",
		Detail:   `final must be "first" or "last", not "middle".`,
		Path:     diag.Path{"final"},
	}, resp.Diagnostics[0])
}

// started is a leaderless session "s1" of roster, started with raw.
func started(t *testing.T, raw string) *sdktest.ControllerClient {
	t.Helper()
	c := sdktest.Controller(t, &Leaderless{})
	require.NoError(t, c.Start(context.Background(), controller.StartRequest{Session: "s1", Config: config(t, raw), Roster: roster},
		&controller.StartResponse{}))
	return c
}
