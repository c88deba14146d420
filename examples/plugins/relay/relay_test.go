package main

import (
	"slices"
	"testing"

	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/sdktest"
)

func TestRelay(t *testing.T) {
	roster := []controller.Member{sdktest.Member("solver-1"), sdktest.Member("solver-2")}
	sim := sdktest.NewSimulator(t, Relay{}, roster, nil)
	if got := sim.Roster()[0].State; got != controller.StateRunning {
		t.Fatalf("solver-1 is %s after Start, want running", got)
	}
	if got := sim.End("solver-1", controller.StatusErrored); !slices.Contains(got, controller.Start("solver-2", "")) {
		t.Errorf("after solver-1 errored: %+v, want solver-2 started", got)
	}
	if got := sim.Submit("solver-2", "42", controller.Gate{}); !slices.Contains(got, controller.Stop("submitted")) {
		t.Errorf("after solver-2 submitted: %+v, want the stop", got)
	}
	if err := sim.Err(); err != nil {
		t.Fatal(err)
	}
}
