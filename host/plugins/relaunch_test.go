package plugins

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/internal/proctest"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// TestCrashedProcessIsRelaunched: after a plugin process crashes, the next
// Start launches a new one that serves calls; the dead one stays dead and
// reports its crash.
func TestCrashedProcessIsRelaunched(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := install(t, "swarmhost-scorer-good")
	m := newTestManager(t, Options{})
	first, err := m.Start(ctx, b)
	require.NoError(t, err)
	again, err := m.Start(ctx, b)
	require.NoError(t, err)
	assert.Same(t, first, again, "a live process is shared")

	sc, err := m.Scorer(ctx, b)
	require.NoError(t, err)
	err = sc.Scorer("good").Score(ctx, scorer.ScoreRequest{Sample: scorer.Sample{Target: []string{"__crash__"}}}, &scorer.ScoreResponse{})
	require.Error(t, err)
	select {
	case <-m.Crashed(b):
	case <-time.After(10 * time.Second):
		t.Fatal("crash not reported")
	}

	second, err := m.Start(ctx, b)
	require.NoError(t, err)
	assert.NotSame(t, first, second, "the crashed process was replaced")
	assert.NotEqual(t, first.Pid(), second.Pid())
	assert.True(t, proctest.Alive(second.Pid()))
	requireGone(t, first.Pid())
	require.Error(t, first.Err(), "the dead process still says why it died")
	select {
	case <-m.Crashed(b):
		t.Fatal("Crashed follows the new process")
	default:
	}

	sc2, err := m.Scorer(ctx, b)
	require.NoError(t, err)
	var resp scorer.ScoreResponse
	require.NoError(t, sc2.Scorer("good").Score(ctx, scorer.ScoreRequest{Sample: scorer.Sample{Target: []string{"x"}}}, &resp))

	m.Close()
	requireGone(t, second.Pid())
	_, err = m.Start(ctx, b)
	assert.ErrorContains(t, err, "the plugin manager is closed", "a closed manager relaunches nothing")
}
