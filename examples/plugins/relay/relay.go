package main

import (
	"context"

	"github.com/swarmhost/swarmhost/sdk/controller"
)

// Relay runs one member at a time, in roster order, until one submits.
// Its sessions have no Choose: the first submission is the answer.
type Relay struct{}

// run is one swarm run of Relay, the Session its Start returns. The SDK
// keeps it until the run ends; this one needs no state of its own.
type run struct{}

// Metadata names the plugin; it has no config.
func (Relay) Metadata(_ context.Context, _ controller.MetadataRequest, resp *controller.MetadataResponse) {
	resp.Name, resp.Version = "relay", "0.1.0"
}

// Start starts the first member.
func (Relay) Start(_ context.Context, req controller.StartRequest, resp *controller.StartResponse) (controller.Session, error) {
	resp.FinalMode = controller.FinalFirst
	resp.Actions = next(req.Roster)
	return run{}, nil
}

// Event stops the swarm at a submission and starts the next member when
// one ends without submitting. When none is left, nothing runs and the
// swarm ends.
func (run) Event(_ context.Context, req controller.EventRequest, resp *controller.EventResponse) error {
	switch {
	case req.Event.Kind == controller.EventSubmission:
		resp.Actions = []controller.Action{controller.Stop("submitted")}
	case req.Event.Kind == controller.EventMemberEnded && req.Event.Status != controller.StatusSubmitted:
		resp.Actions = next(req.Roster)
	}
	return nil
}

// next starts the first pending member, if there is one.
func next(roster []controller.Member) []controller.Action {
	for _, m := range roster {
		if m.State == controller.StatePending {
			return []controller.Action{controller.Start(m.Name, "")}
		}
	}
	return nil
}
