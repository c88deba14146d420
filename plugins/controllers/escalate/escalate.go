package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/swarmhost/swarmhost/sdk/controller"
)

// StopReason is the reason escalate gives when the first member passes; the
// ledger records it as "controller:first_passed".
const StopReason = "first_passed"

// Escalate starts one named member (`first`) alone. If that member submits
// an answer that passes its gate check, the swarm stops ("first_passed") and
// that answer is final. Otherwise — it failed the gate, errored, hit a limit,
// or ended any other way without submitting — every other member starts
// with the sample input and runs to its own end.
//
// Without gate checks (no `gate = true` on the task's first scorer) a
// submission has no verdict; it counts as passing unless require_gate is
// set, so "submitted" is then the success signal. With require_gate an
// unchecked submission escalates.
//
// The answer is the controller's choice, made once (it asks for answers);
// see [session.Choose]. Each run's session holds only its decoded config.
type Escalate struct{}

// session is one swarm run of Escalate.
type session struct {
	cfg Config
}

// Metadata describes the plugin and its schema.
func (*Escalate) Metadata(_ context.Context, _ controller.MetadataRequest, resp *controller.MetadataResponse) {
	resp.Name = "escalate"
	resp.Version = "0.1.0"
	resp.Description = "start one member; start all the others only if it ends without a passing gate verdict"
	resp.Schema = configSchema()
}

// ValidateConfig checks `first` and `final`.
func (*Escalate) ValidateConfig(_ context.Context, req controller.ValidateConfigRequest, resp *controller.ValidateConfigResponse) {
	cfg, err := decode(req.Config)
	if err != nil {
		resp.Diagnostics.AddError("Invalid escalate config", err.Error())
		return
	}
	resp.Diagnostics = append(resp.Diagnostics, cfg.check()...)
}

// Start starts the `first` member alone. A `first` that names no roster
// member is an error: the runtime then ends the sample with an error.
func (*Escalate) Start(_ context.Context, req controller.StartRequest, resp *controller.StartResponse) (controller.Session, error) {
	cfg, err := decode(req.Config)
	if err != nil {
		return nil, err
	}
	if !inRoster(req.Roster, cfg.First) {
		return nil, fmt.Errorf("escalate: first = %q names no member of the roster (%s)", cfg.First, names(req.Roster))
	}
	resp.Actions = []controller.Action{controller.Start(cfg.First, "")}
	resp.FinalMode, resp.Answers = controller.FinalFirst, true
	return &session{cfg: cfg}, nil
}

// Event decides on the first member's end. Its submission event (which
// precedes its member_ended event) either stops the swarm or escalates; a
// member_ended event without a submission escalates.
func (s *session) Event(_ context.Context, req controller.EventRequest, resp *controller.EventResponse) error {
	cfg, ev := s.cfg, req.Event
	if ev.Member != cfg.First {
		return nil
	}
	switch {
	case ev.Kind == controller.EventSubmission && cfg.passed(ev.Gate):
		resp.Actions = []controller.Action{controller.Stop(StopReason)}
	case ev.Kind == controller.EventSubmission,
		ev.Kind == controller.EventMemberEnded && ev.Status != controller.StatusSubmitted:
		resp.Actions = escalate(req.Roster, cfg.First)
	}
	return nil
}

// escalate starts every pending member but first, in roster order.
func escalate(roster []controller.Member, first string) []controller.Action {
	var out []controller.Action
	for _, m := range roster {
		if m.Name != first && m.State == controller.StatePending {
			out = append(out, controller.Start(m.Name, ""))
		}
	}
	return out
}

func inRoster(roster []controller.Member, name string) bool {
	for _, m := range roster {
		if m.Name == name {
			return true
		}
	}
	return false
}

func names(roster []controller.Member) string {
	if len(roster) == 0 {
		return "empty"
	}
	out := make([]string, len(roster))
	for i, m := range roster {
		out[i] = m.Name
	}
	return strings.Join(out, ", ")
}

// ReadOnlyRoster says the session only reads its requests' rosters
// (controller.WithReadOnlyRoster): the SDK hands it the roster it keeps.
func (*session) ReadOnlyRoster() {}

// Interface guards.
var (
	_ controller.Controller         = (*Escalate)(nil)
	_ controller.WithValidateConfig = (*Escalate)(nil)
	_ controller.Session            = (*session)(nil)
	_ controller.WithChoose         = (*session)(nil)
	_ controller.WithReadOnlyRoster = (*session)(nil)
)
