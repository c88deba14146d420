package main

import (
	"context"

	"github.com/swarmhost/swarmhost/plugins/scorers/internal/strmatch"
	"github.com/swarmhost/swarmhost/sdk/schema"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// Includes is Inspect AI's includes() scorer: CORRECT when a target occurs
// in the completion. The host calls Metadata once and Score after every
// swarm.
type Includes struct{}

// Interface guards.
var (
	_ scorer.Scorer    = (*Includes)(nil)
	_ scorer.WithReads = (*Includes)(nil)
)

// config is the scorer block's attributes, defaults applied by the host.
type config struct {
	IgnoreCase bool `json:"ignore_case"`
}

// Metadata names the plugin and declares its config schema.
func (*Includes) Metadata(_ context.Context, _ scorer.MetadataRequest, resp *scorer.MetadataResponse) {
	resp.Name = "includes"
	resp.Version = "0.1.0"
	resp.Description = "Inspect's includes(): a target occurs in the output"
	resp.Schema = schema.Schema{Attributes: []schema.Attribute{
		{Name: "ignore_case", Type: "bool", Default: true, Description: "Compare casefolded text."},
	}}
}

// Reads declares that Includes reads the output and the target, neither the
// record nor the store: the host sends it neither.
func (*Includes) Reads() scorer.Reads { return scorer.ReadsNone }

// Score looks for each target in turn. As in Inspect, the answer is the
// completion as compared: casefolded when ignore_case is on.
func (*Includes) Score(_ context.Context, req scorer.ScoreRequest, resp *scorer.ScoreResponse) error {
	cfg := config{IgnoreCase: true}
	if err := req.Config.Decode(&cfg); err != nil {
		resp.Score = scorer.Unscored()
		resp.Diagnostics.AddError("Invalid includes config", err.Error())
		return nil
	}
	resp.Score = strmatch.Score(req.Output.Completion, req.Sample.Target, strmatch.Includes(cfg.IgnoreCase))
	return nil
}
