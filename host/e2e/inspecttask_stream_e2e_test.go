package e2e

import (
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/eval"
	"github.com/swarmhost/swarmhost/host/evallog"
)

// streamedRows is the size of the task TestInspectTaskStreamsRows runs:
// many times the rows the host may hold, few enough to run in seconds.
const streamedRows = 60

// TestInspectTaskStreamsRows runs an Inspect task whose dataset is
// generated in Python (fixture many_rows: 60 samples) with two samples at
// once, counting the rows the host holds (eval.WatchRows: streamed from the
// task plugin and not yet ended): never more than the running samples'
// rows and the one waiting, while the log still lists every sample, in the
// dataset's order, and scores each.
func TestInspectTaskStreamsRows(t *testing.T) {
	t.Parallel()
	tasksPython(t)
	var live, peak atomic.Int64
	stop := eval.WatchRows("many_rows", func(n int64) {
		live.Store(n)
		for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
		}
	})
	defer stop()
	task := repoPath("plugins-python", "inspect-task", "testdata", "fixture_tasks.py") + "@many_rows"
	code, sum, errOut := runJSON(t, task, "-T", fmt.Sprintf("n=%d", streamedRows), "--max-samples", "2",
		"--swarm", repoPath("examples", "inspect-tasks", "swarms.hcl")+":one")
	require.Equal(t, cli.ExitOK, code, errOut)
	assert.LessOrEqual(t, peak.Load(), int64(3), "rows held at once: two running, one waiting")
	assert.Positive(t, peak.Load(), "the rows were counted")
	assert.Zero(t, live.Load(), "every row was dropped")

	log, err := evallog.Read(sum["log"].(string))
	require.NoError(t, err)
	assert.Equal(t, streamedRows, log.Eval.Dataset.Samples, "eval.dataset.samples")
	require.Len(t, log.Eval.Dataset.SampleIDs, streamedRows, "eval.dataset.sample_ids")
	for i, id := range log.Eval.Dataset.SampleIDs {
		n, _ := id.Int()
		assert.EqualValues(t, i+1, n, "sample_ids in the dataset's order")
	}
	assert.Len(t, log.Samples, streamedRows, "every sample ran")
	require.NotNil(t, log.Results)
	assert.Equal(t, streamedRows, log.Results.CompletedSamples)
}
