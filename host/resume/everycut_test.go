package resume

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/evallog"
)

// appendBytes is a log as it was before and after the append of its last
// sample; the append rewrote after[tail:] over before[tail:].
type appendBytes struct {
	before, after []byte
	tail          int
	path          string
}

// appended writes samples to a log in format and keeps the file before
// and after the last one's append.
func appended(t *testing.T, format string, samples []evallog.EvalSample) appendBytes {
	t.Helper()
	w, err := evallog.CreateLog(t.TempDir(), header(), format)
	require.NoError(t, err)
	var a appendBytes
	for i, s := range samples {
		if i == len(samples)-1 {
			a.before, err = os.ReadFile(w.Path())
			require.NoError(t, err)
		}
		require.NoError(t, w.AddSample(s))
	}
	a.after, err = os.ReadFile(w.Path())
	require.NoError(t, err)
	require.NoError(t, w.Close())
	for a.tail < len(a.before) && a.before[a.tail] == a.after[a.tail] {
		a.tail++
	}
	a.path = w.Path()
	return a
}

// cut is the file had the append stopped after k of its bytes.
func (a appendBytes) cut(k int) []byte {
	out := append([]byte(nil), a.after[:a.tail+k]...)
	if a.tail+k < len(a.before) {
		out = append(out, a.before[a.tail+k:]...)
	}
	return out
}

// TestEveryCutOfAnAppendResumes cuts the append of a log's last sample
// after every one of its bytes, in both formats, as a host killed during
// it leaves the file: Open reads it and the log writer reopens it, wherever
// the cut falls; the earlier samples are kept, and every sample the writer
// holds is one Open read (host/eval counts as finished only what both
// have, and runs the rest again).
func TestEveryCutOfAnAppendResumes(t *testing.T) {
	t.Parallel()
	samples := []evallog.EvalSample{sample(evallog.StringID("a"), 1, scored), sample(evallog.IntID(2), 1, scored),
		sample(evallog.StringID("c"), 1, scored)}
	for _, format := range []string{evallog.FormatJSON, evallog.FormatEval} {
		t.Run(format, func(t *testing.T) {
			t.Parallel()
			a := appended(t, format, samples)
			for k := 0; k <= len(a.after)-a.tail; k++ {
				path := filepath.Join(t.TempDir(), filepath.Base(a.path))
				require.NoError(t, os.WriteFile(path, a.cut(k), 0o644))
				old, err := Open(path)
				require.NoError(t, err, "cut after %d bytes of the append", k)
				read := map[Key]bool{}
				for _, s := range old.Samples {
					read[Key{ID: s.ID, Epoch: s.Epoch}] = true
				}
				w, err := evallog.ResumeLog(path)
				require.NoError(t, err, "cut after %d bytes of the append", k)
				for _, s := range samples[:len(samples)-1] {
					require.True(t, w.Has(s.ID, s.Epoch) && read[Key{ID: s.ID, Epoch: s.Epoch}],
						"cut after %d bytes: the complete sample %s was lost", k, s.ID)
				}
				last := samples[len(samples)-1]
				require.False(t, w.Has(last.ID, last.Epoch) && !read[Key{ID: last.ID, Epoch: last.Epoch}],
					"cut after %d bytes: the writer holds a sample the log's reading lacks", k)
				require.NoError(t, w.Close())
			}
		})
	}
}
