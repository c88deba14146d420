package main

import (
	"context"
	"math"

	"github.com/swarmhost/swarmhost/sdk/scorer"
)

type hostileScorer struct{ name string }

func (s *hostileScorer) Metadata(_ context.Context, _ scorer.MetadataRequest, resp *scorer.MetadataResponse) {
	if s.name == "hangmeta" {
		block()
	}
	resp.Name, resp.Version = s.name, "0.0.1"
}

// ValidateConfig never returns for hangvalidate.
func (s *hostileScorer) ValidateConfig(_ context.Context, _ scorer.ValidateConfigRequest, _ *scorer.ValidateConfigResponse) {
	if s.name == "hangvalidate" {
		block()
	}
}

func (s *hostileScorer) Score(_ context.Context, req scorer.ScoreRequest, resp *scorer.ScoreResponse) error {
	switch s.name {
	case "hang":
		block()
	case "panic":
		if req.Sample.ID == "boom" {
			panic("hostile scorer: cannot score sample boom")
		}
	case "inf":
		resp.Score = scorer.Score{Value: math.Inf(1), Answer: scorer.Text(req.Output.Completion),
			Metadata: map[string]any{"pos": math.Inf(1), "neg": math.Inf(-1), "nan": math.NaN(), "list": []any{math.Inf(-1), 1.5}}}
		return nil
	}
	resp.Score = scorer.Score{Value: scorer.Correct}
	return nil
}
