package resume

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/evallog"
)

// formats are the two log formats a run may resume.
var formats = []string{evallog.FormatEval, evallog.FormatJSON}

// TestOpen reads a log of each format as a killed host or Ctrl-C leaves
// it: up to the last complete sample when the log was cut inside a sample
// (the cut one is not in the log, so it runs again), and never changing
// the file; a finished log is complete.
func TestOpen(t *testing.T) {
	t.Parallel()
	a, b, c := sample(evallog.StringID("a"), 1, scored), sample(evallog.IntID(2), 1, errored),
		sample(evallog.StringID("c"), 1, scored)
	tests := map[string]struct {
		finish   string
		cut      bool
		wantIDs  []string
		complete bool
	}{
		"killed":               {wantIDs: []string{"a", "2", "c"}},
		"killed inside sample": {cut: true, wantIDs: []string{"a", "2"}},
		"cancelled":            {finish: evallog.StatusCancelled, wantIDs: []string{"a", "2", "c"}},
		"ended in error":       {finish: evallog.StatusError, wantIDs: []string{"a", "2", "c"}},
		"complete":             {finish: evallog.StatusSuccess, complete: true},
	}
	for _, format := range formats {
		for name, tc := range tests {
			t.Run(format+"/"+name, func(t *testing.T) {
				t.Parallel()
				path := writeLog(t, format, []evallog.EvalSample{a, b, c}, tc.finish)
				if tc.cut {
					cutInside(t, path, c)
				}
				before, err := os.ReadFile(path)
				require.NoError(t, err)
				l, err := Open(path)
				after, _ := os.ReadFile(path)
				assert.Equal(t, before, after, "Open never changes the file")
				if tc.complete {
					require.ErrorIs(t, err, ErrLogComplete)
					assert.Contains(t, err.Error(), path)
					return
				}
				require.NoError(t, err)
				var ids []string
				for _, s := range l.Samples {
					ids = append(ids, s.ID.String())
				}
				assert.ElementsMatch(t, tc.wantIDs, ids)
				assert.Equal(t, "arith", EvalOf(l))
				// an unfinished .eval log records no stats (Inspect's journal
				// holds only the eval spec): its run began when it was created
				wantStart := t0
				if format == evallog.FormatEval && tc.finish == "" {
					wantStart = t0.Add(-time.Second)
				}
				assert.Equal(t, wantStart, Started(l).UTC())
			})
		}
	}
}

// TestOpenRefuses: what Open cannot read is an error naming the file.
func TestOpenRefuses(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tests := map[string]string{
		"missing":  filepath.Join(dir, "missing.json"),
		"not json": writeFile(t, filepath.Join(dir, "garbage.json"), "hello"),
		"not zip":  writeFile(t, filepath.Join(dir, "garbage.eval"), "hello"),
	}
	for name, path := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			_, err := Open(path)
			require.Error(t, err)
			assert.Contains(t, err.Error(), filepath.Base(path))
			assert.NotErrorIs(t, err, ErrLogComplete)
		})
	}
}

func writeFile(t *testing.T, path, text string) string {
	t.Helper()
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	return path
}

// TestStarted: the first run's start is stats.started_at, or the log's
// creation when the log does not record it.
func TestStarted(t *testing.T) {
	t.Parallel()
	l := header()
	assert.Equal(t, t0, Started(&l))
	l.Stats.StartedAt = evallog.Time{}
	assert.Equal(t, t0.Add(-time.Second), Started(&l))
}
