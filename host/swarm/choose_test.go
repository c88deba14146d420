package swarm

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/controller"
)

// noChoose is a controller without Choose (controller.WithChoose is
// optional): the calls it has go to c.
type noChoose struct{ c *testController }

func (n noChoose) Metadata(ctx context.Context, req controller.MetadataRequest, resp *controller.MetadataResponse) {
	n.c.Metadata(ctx, req, resp)
}

func (n noChoose) Start(ctx context.Context, req controller.StartRequest, resp *controller.StartResponse) error {
	return n.c.Start(ctx, req, resp)
}

func (n noChoose) Event(ctx context.Context, req controller.EventRequest, resp *controller.EventResponse) error {
	return n.c.Event(ctx, req, resp)
}

// TestControllerWithoutChoose: a controller that asks for answers but has
// no Choose is never asked to choose, and the final rule picks the answer.
// a runs, then b once a has ended, so "last" is b.
func TestControllerWithoutChoose(t *testing.T) {
	t.Parallel()
	ag := newAgent(map[string][]step{"a": {answer("A")}, "b": {answer("B")}})
	tc := &testController{mode: controller.FinalLast, answers: true, startOnly: []string{"a"},
		onEvent: func(req controller.EventRequest) []controller.Action {
			if req.Event.Kind == controller.EventMemberEnded && req.Event.Member == "a" {
				return []controller.Action{controller.Start("b", "")}
			}
			return nil
		}}
	spec := Spec{Members: roster(ag, newMock(t, "m"), "a", "b"), Controller: noChoose{tc}}
	res := runSample(t, context.Background(), spec, testSample(), Hooks{})
	require.NoError(t, res.Error)
	assert.Equal(t, "B", res.Output.Completion, "the last submission is the answer")
	submitted := 0
	for _, ev := range tc.eventLog() {
		if ev.Event.Kind == controller.EventSubmission {
			submitted++
			assert.NotEmpty(t, ev.Event.Answer, "answers reach a controller that asked for them")
		}
	}
	assert.Equal(t, 2, submitted)
	tc.mu.Lock()
	defer tc.mu.Unlock()
	assert.Empty(t, tc.chooses)
}
