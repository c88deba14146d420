package main

import (
	"context"

	"github.com/swarmhost/swarmhost/plugins/scorers/internal/textnorm"
	"github.com/swarmhost/swarmhost/sdk/schema"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// Exact is Inspect AI's exact() scorer: CORRECT when the normalised
// completion equals a normalised target that is not blank (normalising
// casefolds, drops punctuation and the articles a, an and the, and writes
// numbers as floats). It has no config. The host calls Metadata once and
// Score after every swarm.
type Exact struct{}

// Interface guards.
var (
	_ scorer.Scorer    = (*Exact)(nil)
	_ scorer.WithReads = (*Exact)(nil)
)

// Metadata names the plugin; its config block takes no attributes.
func (*Exact) Metadata(_ context.Context, _ scorer.MetadataRequest, resp *scorer.MetadataResponse) {
	resp.Name = "exact"
	resp.Version = "0.1.0"
	resp.Description = "Inspect's exact(): the normalised output equals a normalised target"
	resp.Schema = schema.Schema{}
}

// Reads declares that Exact reads the output and the target, neither the
// record nor the store: the host sends it neither.
func (*Exact) Reads() scorer.Reads { return scorer.ReadsNone }

// Score compares the normalised completion with each target. As in Inspect,
// the answer is the completion and there is no explanation.
func (*Exact) Score(_ context.Context, req scorer.ScoreRequest, resp *scorer.ScoreResponse) error {
	completion := req.Output.Completion
	resp.Score = scorer.Score{Value: scorer.Incorrect, Answer: scorer.Text(completion)}
	if textnorm.MaxExact(completion, req.Sample.Target) {
		resp.Score.Value = scorer.Correct
	}
	return nil
}
