package main

import (
	"context"
	"testing"

	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/sdktest"
)

func TestRelay(t *testing.T) {
	ctx := context.Background()
	c := sdktest.Controller(t, Relay{})
	roster := []controller.Member{
		{Name: "solver-1", Agent: "react", Index: 1, State: controller.StatePending},
		{Name: "solver-2", Agent: "react", Index: 2, State: controller.StatePending},
	}
	var start controller.StartResponse
	if err := c.Start(ctx, controller.StartRequest{Session: "s", Roster: roster}, &start); err != nil {
		t.Fatal(err)
	}
	want(t, start.Actions, controller.Start("solver-1", ""))

	roster[0].State, roster[0].Status = controller.StateEnded, controller.StatusErrored
	ended := controller.Event{Kind: controller.EventMemberEnded, Member: "solver-1", Status: controller.StatusErrored}
	var resp controller.EventResponse
	if err := c.Event(ctx, controller.EventRequest{Session: "s", Event: ended, Roster: roster}, &resp); err != nil {
		t.Fatal(err)
	}
	want(t, resp.Actions, controller.Start("solver-2", ""))

	roster[1].State = controller.StateRunning
	submitted := controller.Event{Kind: controller.EventSubmission, Member: "solver-2"}
	if err := c.Event(ctx, controller.EventRequest{Session: "s", Event: submitted, Roster: roster}, &resp); err != nil {
		t.Fatal(err)
	}
	want(t, resp.Actions, controller.Stop("submitted"))
}

func want(t *testing.T, got []controller.Action, action controller.Action) {
	t.Helper()
	if len(got) != 1 || got[0] != action {
		t.Errorf("actions %+v, want [%+v]", got, action)
	}
}
