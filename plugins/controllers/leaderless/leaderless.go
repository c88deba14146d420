package main

import (
	"context"
	"fmt"

	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/schema"
)

// StopReason is the reason leaderless gives when it stops the swarm at the
// first submission; a topology reason, the ledger records it as it is.
const StopReason = "submitted"

// Leaderless starts every member with the sample input. With
// stop_on_submission (default true) it stops the swarm at the first
// submission; otherwise every member runs to its own end. The answer is the
// first or last submission, chosen by the runtime from `final`.
//
// Each run's session holds only its decoded config; it never chooses.
type Leaderless struct{}

// session is one swarm run of Leaderless.
type session struct {
	cfg Config
}

// Config is leaderless's config block.
type Config struct {
	StopOnSubmission bool                 `json:"stop_on_submission"`
	Final            controller.FinalMode `json:"final"`
}

// Metadata describes the plugin and its schema.
func (*Leaderless) Metadata(_ context.Context, _ controller.MetadataRequest, resp *controller.MetadataResponse) {
	resp.Name = "leaderless"
	resp.Version = "0.1.0"
	resp.Description = "start every member; stop at the first submission or let all finish; answer first or last"
	resp.Schema = schema.Schema{Attributes: []schema.Attribute{
		{Name: "stop_on_submission", Type: "bool", Default: true,
			Description: "stop the swarm at the first submission"},
		{Name: "final", Type: "string", Default: string(controller.FinalFirst),
			Description: `which submission is the answer: "first" or "last"`},
	}}
}

// ValidateConfig checks `final`, and that `final = "last"` comes with
// `stop_on_submission = false` (the latest submission is the answer only
// when members run on after the first).
func (*Leaderless) ValidateConfig(_ context.Context, req controller.ValidateConfigRequest, resp *controller.ValidateConfigResponse) {
	cfg, err := decode(req.Config)
	if err != nil {
		resp.Diagnostics.AddError("Invalid leaderless config", err.Error())
		return
	}
	switch {
	case cfg.Final != controller.FinalFirst && cfg.Final != controller.FinalLast:
		resp.Diagnostics.AddError("Invalid final rule",
			fmt.Sprintf(`final must be "first" or "last", not %q.`, cfg.Final), "final")
	case cfg.Final == controller.FinalLast && cfg.StopOnSubmission:
		resp.Diagnostics.AddError(`final = "last" needs stop_on_submission = false`,
			`With stop_on_submission = true the swarm stops at the first submission, so the latest submission is `+
				`always the first. Set stop_on_submission = false to let the members run on, or use final = "first".`, "final")
	}
}

// Start starts every member in roster order.
func (*Leaderless) Start(_ context.Context, req controller.StartRequest, resp *controller.StartResponse) (controller.Session, error) {
	cfg, err := decode(req.Config)
	if err != nil {
		return nil, err
	}
	resp.Actions = make([]controller.Action, 0, len(req.Roster))
	for _, m := range req.Roster {
		resp.Actions = append(resp.Actions, controller.Start(m.Name, ""))
	}
	resp.FinalMode = cfg.Final
	return &session{cfg: cfg}, nil
}

// Event stops the swarm at a submission when stop_on_submission is set.
func (s *session) Event(_ context.Context, req controller.EventRequest, resp *controller.EventResponse) error {
	if req.Event.Kind == controller.EventSubmission && s.cfg.StopOnSubmission {
		resp.Actions = append(resp.Actions, controller.Stop(StopReason))
	}
	return nil
}

func decode(c schema.Config) (Config, error) {
	cfg := Config{StopOnSubmission: true, Final: controller.FinalFirst}
	if err := c.Decode(&cfg); err != nil {
		return cfg, err
	}
	return cfg, nil
}

// ReadOnlyRoster says the session only reads its requests' rosters
// (controller.WithReadOnlyRoster): the SDK hands it the roster it keeps.
func (*session) ReadOnlyRoster() {}

// Interface guards.
var (
	_ controller.Controller         = (*Leaderless)(nil)
	_ controller.WithValidateConfig = (*Leaderless)(nil)
	_ controller.Session            = (*session)(nil)
	_ controller.WithReadOnlyRoster = (*session)(nil)
)
