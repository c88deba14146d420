package main

import (
	"context"

	"github.com/swarmhost/swarmhost/plugins/scorers/internal/textnorm"
	"github.com/swarmhost/swarmhost/sdk/schema"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// F1 is Inspect AI's f1() scorer: the SQuAD token F1 between the sets of
// normalised words of the completion and of each target that is not blank,
// the best of them rounded to 2 decimals. The value is a number. The host
// calls Metadata once and Score after every swarm.
type F1 struct{}

// Interface guards.
var (
	_ scorer.Scorer    = (*F1)(nil)
	_ scorer.WithReads = (*F1)(nil)
)

// config is the scorer block's attributes, defaults applied by the host.
type config struct {
	StopWords []string `json:"stop_words"`
}

// Metadata names the plugin and declares its config schema.
func (*F1) Metadata(_ context.Context, _ scorer.MetadataRequest, resp *scorer.MetadataResponse) {
	resp.Name = "f1"
	resp.Version = "0.1.0"
	resp.Description = "Inspect's f1(): token F1 of the normalised output against the best target"
	resp.Schema = schema.Schema{Attributes: []schema.Attribute{
		{Name: "stop_words", Type: "list(string)", Default: nil,
			Description: "Words left out of both sides before counting (Inspect's stop_words)."},
	}}
}

// Reads declares that F1 reads the output and the target, neither the
// record nor the store: the host sends it neither.
func (*F1) Reads() scorer.Reads { return scorer.ReadsNone }

// Score computes the F1 value. As in Inspect, the answer is the completion
// and there is no explanation.
func (*F1) Score(_ context.Context, req scorer.ScoreRequest, resp *scorer.ScoreResponse) error {
	var cfg config
	if err := req.Config.Decode(&cfg); err != nil {
		resp.Score = scorer.Unscored()
		resp.Diagnostics.AddError("Invalid f1 config", err.Error())
		return nil
	}
	completion := req.Output.Completion
	resp.Score = scorer.Score{Value: textnorm.MaxF1(completion, req.Sample.Target, cfg.StopWords), Answer: scorer.Text(completion)}
	return nil
}
