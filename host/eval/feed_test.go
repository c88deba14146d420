package eval

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/go-hclog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/dataset"
	"github.com/swarmhost/swarmhost/host/scoring"
)

// feedRows is the size of the datasets TestFeedStreamsRows feeds: large
// enough that holding them would show in the row count, small enough to
// write and read in a few milliseconds.
const feedRows = 2000

// TestFeedStreamsRows feeds a file dataset to workers as runSamples does
// and counts the rows held at once (the row gauge: read from the file and
// not yet ended): it stays at the workers' rows plus the one waiting,
// whatever the dataset's size, while every job still comes in Inspect's
// order (epoch by epoch, the plan's order) with its own row. A shuffled
// plan is the documented exception: rows read before their turn wait.
func TestFeedStreamsRows(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "big.jsonl")
	writeRows(t, path, feedRows)
	jsonPath := filepath.Join(t.TempDir(), "big.json")
	writeJSONRows(t, jsonPath, feedRows)
	seed := int64(7)
	limit := int64(40)
	tests := map[string]struct {
		ds      config.Dataset
		opts    Options
		epochs  int64
		workers int
		// want is the jobs' sample ids, "id/epoch", in order (one worker);
		// nil checks the count only.
		want  []string
		count int
		// bound is the most rows held at once; 0 skips the check.
		bound int64
		// json reads the rows from a JSON document, not JSON Lines.
		json bool
	}{
		"one worker, in file order": {workers: 1, count: feedRows, bound: 2,
			want: ids(1, feedRows, 1)},
		"eight workers": {workers: 8, count: feedRows, bound: 9},
		"epochs, epoch by epoch": {workers: 1, epochs: 3, count: 3 * feedRows, bound: 2,
			want: append(append(ids(1, feedRows, 1), ids(1, feedRows, 2)...), ids(1, feedRows, 3)...)},
		"--limit A-B": {workers: 1, opts: Options{LimitFrom: 11, Limit: 13}, count: 3, bound: 2,
			want: []string{"11/1", "12/1", "13/1"}},
		"--sample-id": {workers: 1, opts: Options{SampleIDs: []string{"1999", "7"}}, count: 2, bound: 2,
			want: []string{"7/1", "1999/1"}},
		"the dataset's own limit": {workers: 1, ds: config.Dataset{Limit: &limit}, count: 40, bound: 2,
			want: ids(1, 40, 1)},
		"a shard": {workers: 1, opts: Options{Shard: Shard{Index: 1, Count: 500}}, epochs: 2, count: 8, bound: 2,
			want: []string{"2/1", "502/1", "1002/1", "1502/1", "2/2", "502/2", "1002/2", "1502/2"}},
		"shuffled: each row read alone": {workers: 1, ds: config.Dataset{Shuffle: true, Seed: &seed},
			count: feedRows, bound: 2},
		"shuffled JSON document: rows wait for their turn": {workers: 1, json: true,
			ds: config.Dataset{Shuffle: true, Seed: &seed}, count: feedRows},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ds := tc.ds
			ds.File = path
			if tc.json {
				ds.File = jsonPath
			}
			r := &evalRun{e: &config.Eval{Name: "feed"}, task: &config.Task{Name: "feed", Dataset: &ds,
				Epochs: config.Epochs{Count: tc.epochs}}, opts: tc.opts, log: hclog.NewNullLogger()}
			require.NoError(t, r.prepareDataset(context.Background(), nil))
			got := feedAll(t, r, tc.workers)
			assert.Len(t, got, tc.count)
			if tc.want != nil {
				assert.Equal(t, tc.want, got)
			}
			if tc.ds.Shuffle {
				want, err := dataset.Read(ds.File, datasetOptions(&ds))
				require.NoError(t, err)
				var wantIDs []string
				for _, s := range want {
					wantIDs = append(wantIDs, fmt.Sprintf("%v/1", s.ID))
				}
				assert.Equal(t, wantIDs, got, "the shuffled order")
			}
			if tc.bound > 0 {
				assert.LessOrEqual(t, r.rows.peak.Load(), tc.bound, "rows held at once")
			}
			assert.Zero(t, r.rows.live.Load(), "every row dropped")
			assert.NoError(t, r.feedErr)
		})
	}
}

// TestFeedDatasetChanged: a file changed between the plan and the run ends
// the run in error, naming the sample, instead of running other rows.
func TestFeedDatasetChanged(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "data.jsonl")
	writeRows(t, path, 10)
	r := &evalRun{e: &config.Eval{Name: "changed"}, task: &config.Task{Name: "changed",
		Dataset: &config.Dataset{File: path}}, log: hclog.NewNullLogger()}
	require.NoError(t, r.prepareDataset(context.Background(), nil))
	writeRows(t, path, 5)
	assert.Len(t, feedAll(t, r, 1), 5)
	assert.ErrorContains(t, r.feedErr, "the dataset changed while the eval ran: sample 6 is no longer in it")
}

// feedAll feeds r's plan to workers that drop each row as runSamples' do,
// and returns the jobs as "id/epoch" in the order the workers took them.
func feedAll(t *testing.T, r *evalRun, workers int) []string {
	t.Helper()
	r.planIndex()
	require.NoError(t, r.openRowsAt())
	if r.rowsAt != nil {
		defer r.rowsAt.Close()
	}
	jobs := make(chan job)
	var mu sync.Mutex
	var got []string
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				assert.Equal(t, fmt.Sprintf("q%v", j.sample.ID), j.sample.Input, "the job's own row")
				mu.Lock()
				got = append(got, fmt.Sprintf("%v/%d", j.sample.ID, j.epoch))
				mu.Unlock()
				r.rows.drop(1)
			}
		}()
	}
	r.feed(context.Background(), jobs)
	close(jobs)
	wg.Wait()
	return got
}

// ids are "id/epoch" for ids from to to.
func ids(from, to, epoch int) []string {
	out := make([]string, 0, to-from+1)
	for i := from; i <= to; i++ {
		out = append(out, fmt.Sprintf("%d/%d", i, epoch))
	}
	return out
}

// writeRows writes a JSON Lines dataset of n rows with ids 1…n.
func writeRows(t *testing.T, path string, n int) {
	t.Helper()
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, `{"id": %d, "input": "q%d", "target": "a", "metadata": {"pad": %q}}`+"\n", i, i, strings.Repeat("x", 100))
	}
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
}

// writeJSONRows writes the rows of writeRows as one JSON document.
func writeJSONRows(t *testing.T, path string, n int) {
	t.Helper()
	var b strings.Builder
	b.WriteString("[\n")
	for i := 1; i <= n; i++ {
		if i > 1 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `{"id": %d, "input": "q%d", "target": "a"}`, i, i)
	}
	b.WriteString("\n]\n")
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
}

// TestMetricsReadMetadata: each result keeps its sample's metadata only
// for metrics that may read it (computed by a scorer's plugin or by an
// Inspect task), not for the host's built-in ones.
func TestMetricsReadMetadata(t *testing.T) {
	t.Parallel()
	compute := scoring.MetricComputer(func(context.Context, scoring.MetricRef, []scoring.SampleScore) (scoring.MetricOutput, error) {
		return scoring.MetricOutput{}, nil
	})
	builtin := scoring.ListOf("accuracy", "stderr")
	custom := scoring.ListOf("accuracy", "my_pkg/grouped_accuracy")
	tests := map[string]struct {
		set     scoring.MetricSet
		compute scoring.MetricComputer
		want    bool
	}{
		"built-in metrics":                 {set: builtin, compute: compute, want: false},
		"a metric the plugin computes":     {set: custom, compute: compute, want: true},
		"a plugin that computes no metric": {set: custom, want: false},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			set := tc.set
			r := &evalRun{scorers: []scorerRun{{cfg: &config.Scorer{Plugin: "x", Metrics: &set}, computeMetric: tc.compute}}}
			assert.Equal(t, tc.want, r.metricsReadMetadata())
		})
	}
	assert.True(t, (&evalRun{inspect: &inspectRun{}}).metricsReadMetadata(), "an Inspect task's metrics")
}
