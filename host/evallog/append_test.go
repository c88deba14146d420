package evallog

import (
	"fmt"
	"os"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// inode identifies the file at path: an append keeps it, a rewrite (rename) replaces it.
func inode(t *testing.T, path string) uint64 {
	t.Helper()
	info, err := os.Stat(path)
	require.NoError(t, err)
	return info.Sys().(*syscall.Stat_t).Ino
}

// TestAppendKeepsAValidLogAtEveryStep adds samples one at a time: new ones are appended in
// place, a replacement and an oversized sample rewrite the file, and after every step the file
// is a valid started log holding exactly the samples so far, with the latest content of each.
func TestAppendKeepsAValidLogAtEveryStep(t *testing.T) {
	t.Parallel()
	w, err := Create(t.TempDir(), fixtureHeader())
	require.NoError(t, err)
	w.appendMax = 64 << 10
	big := fixtureSample(IntID(9), "big", "x")
	for j := range 400 {
		big.Events = append(big.Events, InfoEvent{Source: "test", Data: fmt.Sprintf("%0400d", j)})
	}
	steps := []struct {
		sample  EvalSample
		rewrite bool
	}{
		{fixtureSample(IntID(3), "q3", "a"), false},
		{fixtureSample(IntID(1), "q1", "b"), false},
		{fixtureSample(IntID(3), "q3 again", "c"), true},
		{big, true},
		{fixtureSample(IntID(2), "q2", "d"), false},
	}
	want := map[string]string{}
	for i, st := range steps {
		before := inode(t, w.Path())
		require.NoError(t, w.AddSample(st.sample))
		want[st.sample.ID.String()] = st.sample.Input.Text
		assert.Equal(t, st.rewrite, inode(t, w.Path()) != before, "step %d rewrote the file", i)
		data, err := os.ReadFile(w.Path())
		require.NoError(t, err)
		validateLog(t, data)
		log, err := Read(w.Path())
		require.NoError(t, err)
		assert.Equal(t, StatusStarted, log.Status)
		got := map[string]string{}
		for _, s := range log.Samples {
			got[s.ID.String()] = s.Input.Text
		}
		assert.Equal(t, want, got, "step %d", i)
	}
	require.NoError(t, w.Finish(StatusSuccess, nil, EvalStats{}, nil, nil))
	assert.Equal(t, []string{"1/1", "1/2", "1/3", "1/9"}, samplesIn(t, w.Path()), "Finish sorts")
}
