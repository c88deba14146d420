package controller_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/sdktest"
)

// Lead starts the member its config names ("lead"), which may be on no
// roster: its sessions handle that refusal by starting the roster's
// first member instead.
type Lead struct{}

// leadSession is one run of Lead.
type leadSession struct{}

// Metadata names the plugin.
func (Lead) Metadata(_ context.Context, _ controller.MetadataRequest, resp *controller.MetadataResponse) {
	resp.Name = "lead"
}

// Start starts the member named "lead".
func (Lead) Start(_ context.Context, _ controller.StartRequest, resp *controller.StartResponse) (controller.Session, error) {
	resp.Actions = []controller.Action{controller.Start("lead", "")}
	return leadSession{}, nil
}

// Event stops the swarm at the first submission.
func (leadSession) Event(_ context.Context, req controller.EventRequest, resp *controller.EventResponse) error {
	if req.Event.Kind == controller.EventSubmission {
		resp.Actions = []controller.Action{controller.Stop("submitted")}
	}
	return nil
}

// Refused starts the first pending member in place of a member the
// roster lacks; any other refusal ends the sample in error.
func (leadSession) Refused(_ context.Context, req controller.RefusedRequest, resp *controller.EventResponse) error {
	if !errors.Is(req.Err, controller.ErrUnknownMember) {
		return req.Err
	}
	for _, m := range req.Roster {
		if m.State == controller.StatePending {
			resp.Actions = append([]controller.Action{controller.Start(m.Name, "")}, req.NotApplied...)
			break
		}
	}
	return nil
}

var _ controller.WithRefused = leadSession{}

// A controller told that the runtime refused its start of a member on no
// roster, in the simulator, which refuses actions as the runtime does
// (the same errors, the same text).
func Example_refused() {
	t := &exampleT{}
	defer t.close()

	sim := sdktest.NewSimulator(t, Lead{}, []controller.Member{sdktest.Member("solver-1"), sdktest.Member("solver-2")}, nil)
	for _, st := range sim.Steps() {
		fmt.Println(st.Call, st.Member, describe(st.Actions))
	}
	sim.Submit("solver-1", "42", controller.Gate{})
	fmt.Println("stopped:", sim.Stopped(), "error:", sim.Err())
	// Output:
	// start  [start lead]
	// refused lead [start solver-1]
	// member_started solver-1 []
	// stopped: submitted error: <nil>
}
