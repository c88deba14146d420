package eval

import (
	"context"
	"errors"
	"fmt"

	"github.com/swarmhost/swarmhost/host/scoring"
	"github.com/swarmhost/swarmhost/host/swarm"
	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/schema"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// score runs every task scorer on the swarm's output, after the swarm has
// drained, then the member scores (memberscores.go). A scorer that fails
// (an error, a panic in its plugin, or no answer within its score_timeout)
// is an error of the sample, as a scorer that raises is in Inspect: no
// further scorer runs, the scorers that answered before it keep their
// scores (s.scored counts them; the others are unscored) and the error,
// naming the scorer, is returned.
func (s *sampleRun) score(ctx context.Context, out *swarm.Result) ([]scorer.Score, error) {
	scores := s.r.unscored()
	for i, sc := range s.r.scorers {
		if sc.member != nil {
			s.scored = i + 1
			continue
		}
		score, err := s.scoreWith(ctx, sc, out.Output, out.Messages)
		if err != nil {
			s.r.log.Error("scorer failed", "scorer", sc.name, "sample", s.j.sample.ID, "error", err)
			return scores, scorerError(sc.name, err)
		}
		scores[i] = score
		s.scored = i + 1
	}
	if s.r.scoresMembers() {
		s.memberScores = s.scoreMembers(ctx, out, scores)
	}
	return scores, nil
}

// scorerError is the sample's error for scorer name's failure: a timeout
// says the scorer and its score_timeout itself, any other error is
// prefixed with the scorer's name.
func scorerError(name string, err error) error {
	var te *ScorerTimeoutError
	if errors.As(err, &te) {
		return err
	}
	return fmt.Errorf("scorer %s failed: %w", name, err)
}

// scoreWith asks one scorer for its verdict, after the swarm (the
// sample's sandbox is the default).
func (s *sampleRun) scoreWith(ctx context.Context, sc scorerRun, output model.Output, msgs []model.Message) (scorer.Score, error) {
	return s.scoreIn(ctx, &scorerView{sbs: s.sbs, gen: s.scorerModel(sc, false)}, sc, output, msgs)
}

// scoreIn asks one scorer for its verdict with host as its sandbox view,
// within the scorer block's score_timeout.
func (s *sampleRun) scoreIn(ctx context.Context, host scorer.Host, sc scorerRun, output model.Output, msgs []model.Message) (scorer.Score, error) {
	ctx, cancel := scoreDeadline(ctx, sc)
	defer cancel()
	req := s.scoreRequest(sc, host, output, msgs)
	var resp scorer.ScoreResponse
	if err := sc.impl.Score(ctx, req, &resp); err != nil {
		return scorer.Score{}, deadlineCause(ctx, err)
	}
	if resp.Diagnostics.HasError() {
		return scorer.Score{}, fmt.Errorf("%s: %s", resp.Diagnostics[0].Summary, resp.Diagnostics[0].Detail)
	}
	return resp.Score, nil
}

func (s *sampleRun) scorerSample() scorer.Sample {
	smp := s.j.sample
	return scorer.Sample{ID: fmt.Sprint(smp.ID), Epoch: s.j.epoch, Input: s.input, Target: smp.Target,
		Choices: smp.Choices, Metadata: smp.Metadata}
}

// gate returns the in-loop check when the task's first scorer sets gate:
// the candidate answer is scored from inside the member, whose own sandbox
// is the scorer's default.
func (s *sampleRun) gate() func(context.Context, string, string) (agent.Verdict, error) {
	if len(s.r.scorers) == 0 || !s.r.scorers[0].cfg.Gate {
		return nil
	}
	first := s.r.scorers[0]
	return func(ctx context.Context, member, answer string) (agent.Verdict, error) {
		out := model.TextOutput("", answer)
		score, err := s.scoreIn(ctx, s.viewFor(member, s.scorerModel(first, true)), first, out, append(append([]model.Message(nil), s.input...), out.Message))
		if err != nil {
			return agent.Verdict{}, fmt.Errorf("gate check: %w", err)
		}
		return agent.Verdict{Checked: true, Passed: scoring.ValueToFloat(score.Value) == 1.0, Score: score}, nil
	}
}

// channelLines are the member's channel instructions for its preamble.
func (s *sampleRun) channelLines(m swarm.Member) []string { return s.r.channelInstructions(m, s) }

func (r *evalRun) unscored() []scorer.Score {
	out := make([]scorer.Score, len(r.scorers))
	for i := range out {
		out[i] = scorer.Unscored()
	}
	return out
}

func schemaConfig(raw []byte) schema.Config { return schema.NewConfig(raw) }
