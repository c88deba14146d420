package sdktest_test

import (
	"context"
	"errors"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/scorer"
	"github.com/swarmhost/swarmhost/sdk/sdktest"
)

// echoAgent asks the model once, checks the answer, and returns it.
type echoAgent struct{}

func (echoAgent) Metadata(_ context.Context, _ agent.MetadataRequest, resp *agent.MetadataResponse) {
	resp.Name = "echo"
}

func (echoAgent) Run(ctx context.Context, req agent.RunRequest, resp *agent.RunResponse) error {
	out, err := req.Host.Generate(ctx, agent.GenerateRequest{Messages: req.Input})
	if err != nil {
		return err
	}
	if _, err := req.Host.Submit(ctx, out.Output.Completion); err != nil {
		return err
	}
	resp.Output = out.Output
	return nil
}

func TestAgentRoundTrip(t *testing.T) {
	t.Parallel()
	a := sdktest.Agent(t, echoAgent{})
	host := &sdktest.AgentHost{GenerateFunc: func(_ context.Context, req agent.GenerateRequest) (agent.GenerateResponse, error) {
		return agent.GenerateResponse{Output: model.TextOutput("m", "echo: "+req.Messages[0].Content)}, nil
	}}
	var resp agent.RunResponse
	err := a.Run(context.Background(), agent.RunRequest{Member: "a-1",
		Input: []model.Message{{Role: model.RoleUser, Content: "hi"}}, Host: host}, &resp)
	require.NoError(t, err)
	assert.Equal(t, "echo: hi", resp.Output.Completion)
	assert.Equal(t, []string{"generate", "submit"}, host.Calls())
}

func TestAgentRefusalCrossesTheWire(t *testing.T) {
	t.Parallel()
	a := sdktest.Agent(t, echoAgent{})
	host := &sdktest.AgentHost{GenerateFunc: func(context.Context, agent.GenerateRequest) (agent.GenerateResponse, error) {
		return agent.GenerateResponse{}, &agent.RefusedError{Cause: "stopped"}
	}}
	var resp agent.RunResponse
	err := a.Run(context.Background(), agent.RunRequest{Member: "a-1", Host: host}, &resp)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "stopped")
}

// fileScorer reads answer.txt from member sandboxes named in the record.
type fileScorer struct{}

func (fileScorer) Metadata(_ context.Context, _ scorer.MetadataRequest, resp *scorer.MetadataResponse) {
	resp.Name = "file"
}

func (fileScorer) Score(ctx context.Context, req scorer.ScoreRequest, resp *scorer.ScoreResponse) error {
	b, err := req.Host.ReadFile(ctx, *req.Record.Members[0].Sandbox, "answer.txt")
	if err != nil {
		return err
	}
	resp.Score = scorer.Score{Value: scorer.Incorrect, Answer: scorer.Text(string(b))}
	if string(b) == req.Sample.Target[0] {
		resp.Score.Value = scorer.Correct
	}
	return nil
}

func TestScorerRoundTrip(t *testing.T) {
	t.Parallel()
	s := sdktest.Scorer(t, fileScorer{})
	sb := "m1"
	host := &sdktest.ScorerHost{Files: map[string]map[string]string{"m1": {"answer.txt": "42"}}}
	var resp scorer.ScoreResponse
	err := s.Score(context.Background(), scorer.ScoreRequest{Sample: scorer.Sample{Target: []string{"42"}},
		Record: scorer.Record{Members: []scorer.RecordMember{{Name: "m1", Sandbox: &sb}}}, Host: host}, &resp)
	require.NoError(t, err)
	assert.Equal(t, scorer.Correct, resp.Score.Value)
	assert.Equal(t, scorer.Text("42"), resp.Score.Answer)
}

type nanScorer struct{}

func (nanScorer) Metadata(_ context.Context, _ scorer.MetadataRequest, resp *scorer.MetadataResponse) {
	resp.Name = "nan"
}

func (nanScorer) Score(_ context.Context, _ scorer.ScoreRequest, resp *scorer.ScoreResponse) error {
	resp.Score = scorer.Unscored()
	return nil
}

func TestUnscoredSurvivesTheWire(t *testing.T) {
	t.Parallel()
	var resp scorer.ScoreResponse
	require.NoError(t, sdktest.Scorer(t, nanScorer{}).Score(context.Background(), scorer.ScoreRequest{}, &resp))
	f, ok := resp.Score.Value.(float64)
	require.True(t, ok)
	assert.True(t, math.IsNaN(f))
}

// panicController panics at the Start of session "p"; its sessions fail
// every event.
type panicController struct{}

func (panicController) Metadata(_ context.Context, _ controller.MetadataRequest, resp *controller.MetadataResponse) {
	resp.Name = "panicky"
}
func (panicController) Start(_ context.Context, req controller.StartRequest, _ *controller.StartResponse) (controller.Session, error) {
	if req.Session == "p" {
		panic("boom")
	}
	return badSession{}, nil
}

type badSession struct{}

func (badSession) Event(context.Context, controller.EventRequest, *controller.EventResponse) error {
	return errors.New("bad event")
}

func TestControllerPanicIsAnError(t *testing.T) {
	t.Parallel()
	c := sdktest.Controller(t, panicController{})
	err := c.Start(context.Background(), controller.StartRequest{Session: "p"}, &controller.StartResponse{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "panicked: boom")
	require.NoError(t, c.Start(context.Background(), controller.StartRequest{Session: "s"}, &controller.StartResponse{}))
	err = c.Event(context.Background(), controller.EventRequest{Session: "s"}, &controller.EventResponse{})
	assert.ErrorContains(t, err, "bad event")
}
