package eval

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/dataset"
	"github.com/swarmhost/swarmhost/host/evallog"
	hostmodel "github.com/swarmhost/swarmhost/host/model"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// TestScorerModelCalls: a scorer's model calls after the swarm are logged
// for its span and counted in the sample's usage; a gate check's count in
// usage only; a failed call is logged with its error and counts nothing;
// a scorer without a model gets scorer.ErrNoModel.
func TestScorerModelCalls(t *testing.T) {
	t.Parallel()
	mock, err := hostmodel.NewMock("grader", []any{"GRADE: C", map[string]any{"error": "overloaded"}}, nil)
	require.NoError(t, err)
	s := &sampleRun{j: job{epoch: 1, sample: dataset.Sample{ID: "q"}}}
	sc := scorerRun{name: "graded", model: mock}
	ctx := context.Background()
	req := scorer.GenerateRequest{Messages: []model.Message{{Role: model.RoleUser, Content: "grade it"}}}

	after := &scorerView{gen: s.scorerModel(sc, false)}
	out, err := after.Generate(ctx, req)
	require.NoError(t, err)
	assert.Equal(t, "GRADE: C", out.Output.Completion)
	_, err = after.Generate(ctx, req)
	assert.ErrorContains(t, err, "overloaded")

	gate := &memberView{scorerView: scorerView{gen: s.scorerModel(sc, true)}, own: "a"}
	_, err = scorer.Generate(ctx, gate, req)
	require.NoError(t, err)

	_, err = scorer.Generate(ctx, &scorerView{gen: s.scorerModel(scorerRun{name: "plain"}, false)}, req)
	assert.ErrorIs(t, err, scorer.ErrNoModel)

	evs := s.scorerEvents("graded")
	require.Len(t, evs, 2, "the two calls after the swarm, not the gate check's")
	assert.Equal(t, "mockllm/grader", evs[0].ModelName)
	assert.Empty(t, evs[0].Error)
	assert.Contains(t, evs[1].Error, "overloaded")

	usage := map[string]evallog.ModelUsage{}
	s.addScorerUsage(usage)
	first := hostmodel.MockUsage(req.Messages, model.Message{Role: model.RoleAssistant, Content: "GRADE: C"})
	assert.Equal(t, 2*first.TotalTokens, usage["mockllm/grader"].TotalTokens,
		"the logged call and the gate check's (its own first turn)")
}
