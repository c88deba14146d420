package swarm

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// panics is a step whose agent panics with v.
func panics(v any) step {
	return func(context.Context, *scriptRun) (bool, error) { panic(v) }
}

// TestAgentPanicIsTheMembersError: an agent that panics ends its member in
// error, as an agent error does, with the panic's value and the stack where
// it was raised; the host goes on.
func TestAgentPanicIsTheMembersError(t *testing.T) {
	t.Parallel()
	ag := newAgent(map[string][]step{"a": {panics("boom")}})
	spec := Spec{Members: roster(ag, newMock(t, "m"), "a"), Controller: &testController{}}
	res := run(t, context.Background(), spec, Hooks{})
	require.Error(t, res.Error)
	assert.ErrorContains(t, res.Error, "member a: agent panicked: boom\n")
	assert.Contains(t, res.Error.Error(), "guard_test.go", "the stack names where the agent panicked")
	assert.Equal(t, map[string]string{"a": "errored"}, statuses(res.Record))
	assert.Contains(t, res.MemberErrors["a"], "agent panicked: boom")
}
