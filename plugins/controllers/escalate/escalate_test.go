package main

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/schema"
	"github.com/swarmhost/swarmhost/sdk/sdktest"
)

// roster is the roster at start: everyone pending.
var roster = []controller.Member{
	{Name: "cheap", Agent: "scripted", Index: 1, State: controller.StatePending},
	{Name: "expert-1", Agent: "react", Index: 1, State: controller.StatePending},
	{Name: "expert-2", Agent: "react", Index: 2, State: controller.StatePending},
}

// afterFirst is the roster once cheap has ended with status.
func afterFirst(status controller.Status) []controller.Member {
	out := append([]controller.Member(nil), roster...)
	out[0].State, out[0].Status = controller.StateEnded, status
	return out
}

const cheapFirst = `{"first": "cheap", "final": "first", "require_gate": false}`

func config(raw string) schema.Config { return schema.NewConfig([]byte(raw)) }

var (
	passed    = controller.Gate{Checked: true, Passed: true}
	failed    = controller.Gate{Checked: true}
	unchecked = controller.Gate{}
	stop      = []controller.Action{{Kind: controller.ActionStop, Reason: StopReason}}
	escalated = []controller.Action{
		{Kind: controller.ActionStart, Member: "expert-1"},
		{Kind: controller.ActionStart, Member: "expert-2"},
	}
)

func TestMetadata(t *testing.T) {
	t.Parallel()
	var md controller.MetadataResponse
	sdktest.Controller(t, &Escalate{}).Metadata(context.Background(), controller.MetadataRequest{}, &md)
	assert.Equal(t, "escalate", md.Name)
	got := map[string]any{}
	for _, a := range md.Schema.Attributes {
		got[a.Name] = a.Default
		if a.Name == "first" {
			assert.True(t, a.Required, "first is required")
		}
	}
	assert.Equal(t, map[string]any{"first": nil, "final": "first", "require_gate": false}, got)
}

func TestStart(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		config  string
		roster  []controller.Member
		want    []controller.Action
		wantErr string
	}{
		"starts only first": {config: cheapFirst, roster: roster,
			want: []controller.Action{{Kind: controller.ActionStart, Member: "cheap"}}},
		"first need not be first in roster order": {config: `{"first": "expert-2"}`, roster: roster,
			want: []controller.Action{{Kind: controller.ActionStart, Member: "expert-2"}}},
		"unknown first names the member and the roster": {config: `{"first": "nobody", "final": "first"}`, roster: roster,
			wantErr: `escalate: first = "nobody" names no member of the roster (cheap, expert-1, expert-2)`},
		"block name of an expanded member is not a roster name": {config: `{"first": "expert"}`, roster: roster,
			wantErr: `first = "expert" names no member`},
		"empty roster":             {config: cheapFirst, wantErr: `names no member of the roster (empty)`},
		"config of the wrong type": {config: `{"first": 3}`, roster: roster, wantErr: "decode config"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c := sdktest.Controller(t, &Escalate{})
			var resp controller.StartResponse
			err := c.Start(context.Background(), controller.StartRequest{Session: "s1", Config: config(tc.config),
				Roster: tc.roster, Sample: controller.SampleRef{ID: "q1", Epoch: 1}}, &resp)
			if tc.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, resp.Actions)
			assert.Equal(t, controller.FinalFirst, resp.FinalMode)
			assert.True(t, resp.Answers, "escalate reads gate verdicts and chooses")
		})
	}
}

func TestEvent(t *testing.T) {
	t.Parallel()
	submission := func(member string, g controller.Gate) controller.Event {
		return controller.Event{Kind: controller.EventSubmission, Member: member, Time: 2.5, Answer: "42", Gate: g}
	}
	ended := func(member string, status controller.Status) controller.Event {
		return controller.Event{Kind: controller.EventMemberEnded, Member: member, Time: 2.5, Status: status}
	}
	tests := map[string]struct {
		config string
		event  controller.Event
		roster []controller.Member
		want   []controller.Action
	}{
		"first passes its gate: stop": {event: submission("cheap", passed), want: stop},
		"first fails its gate: start the others": {
			event: submission("cheap", failed), want: escalated,
		},
		"first submits without gate checks: stop": {event: submission("cheap", unchecked), want: stop},
		"first submits unchecked with require_gate: start the others": {
			config: `{"first": "cheap", "final": "first", "require_gate": true}`,
			event:  submission("cheap", unchecked), want: escalated,
		},
		"require_gate with a passing gate: stop": {
			config: `{"first": "cheap", "require_gate": true}`, event: submission("cheap", passed), want: stop,
		},
		"first errored: start the others":                  {event: ended("cheap", "errored"), want: escalated},
		"first hit its limit: start the others":            {event: ended("cheap", "member_limit:token"), want: escalated},
		"first cancelled: start the others":                {event: ended("cheap", "cancelled"), want: escalated},
		"first ended submitted: decided at its submission": {event: ended("cheap", "submitted")},
		"first started":                     {event: controller.Event{Kind: controller.EventMemberStarted, Member: "cheap"}},
		"another member passes: no action":  {event: submission("expert-1", passed)},
		"another member fails: no action":   {event: submission("expert-1", failed)},
		"another member errored: no action": {event: ended("expert-2", "errored")},
		"only pending members start": {
			event: ended("cheap", "errored"),
			roster: []controller.Member{
				{Name: "cheap", State: controller.StateEnded, Status: controller.StatusErrored},
				{Name: "expert-1", State: controller.StateRunning},
				{Name: "expert-2", State: controller.StatePending},
			},
			want: escalated[1:],
		},
		"unknown event": {event: controller.Event{Kind: "budget_warning", Member: "cheap"}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			cfg := tc.config
			if cfg == "" {
				cfg = cheapFirst
			}
			r := tc.roster
			if r == nil {
				r = afterFirst(tc.event.Status)
			}
			c := started(t, cfg)
			var resp controller.EventResponse
			err := c.Event(context.Background(), controller.EventRequest{Session: "s1", Config: config(cfg),
				Event: tc.event, Roster: r}, &resp)
			require.NoError(t, err)
			if tc.want == nil {
				assert.Empty(t, resp.Actions)
				return
			}
			assert.Equal(t, tc.want, resp.Actions)
		})
	}
}

func TestStartBadConfigIsAnError(t *testing.T) {
	t.Parallel()
	sim := sdktest.NewSimulator(t, &Escalate{}, roster, `{"first": []}`)
	require.Error(t, sim.Err())
	assert.Contains(t, sim.Err().Error(), "escalate")
}

// started is an escalate session "s1" of roster, started with raw.
func started(t *testing.T, raw string) *sdktest.ControllerClient {
	t.Helper()
	c := sdktest.Controller(t, &Escalate{})
	require.NoError(t, c.Start(context.Background(), controller.StartRequest{Session: "s1", Config: config(raw), Roster: roster},
		&controller.StartResponse{}))
	return c
}
