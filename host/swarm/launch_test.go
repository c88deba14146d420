package swarm

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// startOrder is an Observer that holds b's start until a's agent has begun
// (or a moment has passed), so a member launched before its partner was
// entered would see the partner still pending.
type startOrder struct {
	mu      sync.Mutex
	running []string
	began   chan struct{}
}

func (o *startOrder) MemberState(member, state, _ string) {
	if state != StateRunning {
		return
	}
	if member == "b" {
		select {
		case <-o.began:
		case <-time.After(300 * time.Millisecond):
		}
	}
	o.mu.Lock()
	o.running = append(o.running, member)
	o.mu.Unlock()
}

func (o *startOrder) Stopping(string) {}

func (o *startOrder) snapshot() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return slices.Clone(o.running)
}

// TestStartsOfOneAnswerTakeEffectTogether: the members a controller starts
// in one answer are all running (for the channels and the record) before
// the first of their agents runs, as in Inspect Swarm, so a member cannot
// find a partner started with it still pending.
func TestStartsOfOneAnswerTakeEffectTogether(t *testing.T) {
	t.Parallel()
	obs := &startOrder{began: make(chan struct{})}
	var seen []string
	first := func(ctx context.Context, r *scriptRun) (bool, error) {
		seen = obs.snapshot()
		close(obs.began)
		return false, nil
	}
	ag := newAgent(map[string][]step{"a": {first, answer("A")}, "b": {answer("B")}})
	spec := Spec{Members: roster(ag, newMock(t, "m"), "a", "b"), Controller: &testController{}, Observer: obs}
	res := run(t, context.Background(), spec, Hooks{})
	require.NoError(t, res.Error)
	assert.ElementsMatch(t, []string{"a", "b"}, seen, "members running when a's agent began")
}
