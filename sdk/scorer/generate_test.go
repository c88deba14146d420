package scorer_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/scorer"
	"github.com/swarmhost/swarmhost/sdk/sdktest"
)

// grader asks the host's model for a grade and runs one command, reporting
// what came back in the score.
type grader struct{}

func (grader) Metadata(_ context.Context, _ scorer.MetadataRequest, resp *scorer.MetadataResponse) {
	resp.Name = "grader"
}

func (grader) Score(ctx context.Context, req scorer.ScoreRequest, resp *scorer.ScoreResponse) error {
	out, err := scorer.Generate(ctx, req.Host, scorer.GenerateRequest{
		Messages:   []model.Message{{Role: model.RoleUser, Content: "grade: " + req.Output.Completion}},
		Tools:      []model.ToolInfo{{Name: "lookup"}},
		ToolChoice: "lookup", Config: map[string]any{"temperature": 0.5}})
	if err != nil {
		return err
	}
	res, err := req.Host.Exec(ctx, scorer.ExecRequest{Command: []string{"check"}, Env: []string{"K=v"}})
	if err != nil {
		return err
	}
	resp.Score = scorer.Score{Value: out.Output.Completion, Metadata: map[string]any{"timed_out": res.TimedOut}}
	return nil
}

// modelHost is a scorer host with a model: it answers generate with gen.
type modelHost struct {
	sdktest.ScorerHost
	gen func(scorer.GenerateRequest) (scorer.GenerateResponse, error)
}

func (h *modelHost) Generate(_ context.Context, req scorer.GenerateRequest) (scorer.GenerateResponse, error) {
	return h.gen(req)
}

// TestScorerGenerateOverRPC sends a scorer's model call through the real
// gRPC layer: the request arrives whole, a refusal is agent.ErrRefused, and
// a host without a model answers scorer.ErrNoModel.
func TestScorerGenerateOverRPC(t *testing.T) {
	var got scorer.GenerateRequest
	var env []string
	execs := func(_ context.Context, req scorer.ExecRequest) (scorer.ExecResult, error) {
		env = req.Env
		return scorer.ExecResult{ExitCode: 124, TimedOut: true}, nil
	}
	grade := func(req scorer.GenerateRequest) (scorer.GenerateResponse, error) {
		got = req
		return scorer.GenerateResponse{Output: model.TextOutput("mockllm/grader", "C")}, nil
	}
	refuse := func(scorer.GenerateRequest) (scorer.GenerateResponse, error) {
		return scorer.GenerateResponse{}, &agent.RefusedError{Cause: "member_limit:token"}
	}
	cases := []struct {
		name  string
		host  scorer.Host
		check func(t *testing.T, resp scorer.ScoreResponse, err error)
	}{
		{"model", &modelHost{ScorerHost: sdktest.ScorerHost{ExecFunc: execs}, gen: grade},
			func(t *testing.T, resp scorer.ScoreResponse, err error) {
				require.NoError(t, err)
				assert.Equal(t, "C", resp.Score.Value)
				assert.Equal(t, true, resp.Score.Metadata["timed_out"])
				assert.Equal(t, []string{"K=v"}, env)
				assert.Equal(t, "grade: 42", got.Messages[0].Content)
				assert.Equal(t, "lookup", got.ToolChoice)
				assert.Equal(t, "lookup", got.Tools[0].Name)
				assert.Equal(t, map[string]any{"temperature": 0.5}, got.Config)
			}},
		{"refused", &modelHost{gen: refuse}, func(t *testing.T, _ scorer.ScoreResponse, err error) {
			assert.ErrorContains(t, err, "member_limit:token")
		}},
		{"no model", &sdktest.ScorerHost{}, func(t *testing.T, _ scorer.ScoreResponse, err error) {
			assert.ErrorContains(t, err, scorer.ErrNoModel.Error())
		}},
	}
	s := sdktest.Scorer(t, grader{})
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var resp scorer.ScoreResponse
			err := s.Score(context.Background(), scorer.ScoreRequest{Output: model.TextOutput("m", "42"), Host: tc.host}, &resp)
			tc.check(t, resp, err)
		})
	}
}

// TestGenerateWithoutModel is scorer.Generate on a host that offers none.
func TestGenerateWithoutModel(t *testing.T) {
	_, err := scorer.Generate(context.Background(), &sdktest.ScorerHost{}, scorer.GenerateRequest{})
	assert.True(t, errors.Is(err, scorer.ErrNoModel))
}
