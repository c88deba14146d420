package evallog

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
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

// TestResumeRepairsACutEnd cuts a log off at every point of its last appended sample, as a
// host killed mid-append would leave it: Resume takes it up to its last complete sample, the
// cut one is missing (a resumed run re-runs it), and the finished log is valid.
func TestResumeRepairsACutEnd(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	w, err := Create(dir, fixtureHeader())
	require.NoError(t, err)
	for i := range 3 {
		require.NoError(t, w.AddSample(fixtureSample(IntID(int64(i+1)), fmt.Sprintf("q%d", i), "x")))
	}
	whole, err := os.ReadFile(w.Path())
	require.NoError(t, err)
	require.NoError(t, w.Close())
	two := bytes.LastIndex(whole, []byte(",\n    {")) // where the third sample's append began
	one := bytes.Index(whole, []byte(",\n    {"))
	cuts := map[string]struct {
		at   int
		kept []string
	}{
		"inside the separator": {two + 2, []string{"1", "2"}},
		"inside the sample":    {two + (len(whole)-two)/2, []string{"1", "2"}},
		"inside the brackets":  {len(whole) - 3, []string{"1", "2", "3"}},
		"inside the second":    {one + 40, []string{"1"}},
		"inside the first":     {bytes.Index(whole, []byte(samplesKey)) + len(samplesKey) + 30, nil},
	}
	for name, c := range cuts {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), filepath.Base(w.Path()))
			require.NoError(t, os.WriteFile(path, whole[:c.at], 0o644))
			_, err := Read(path)
			require.ErrorContains(t, err, "--resume", "the cut file is not a log; the error says what repairs it")
			r, err := Resume(path)
			require.NoError(t, err)
			for id := 1; id <= 3; id++ {
				assert.Equal(t, slices.Contains(c.kept, fmt.Sprint(id)), r.Has(IntID(int64(id)), 1), "sample %d", id)
			}
			require.NoError(t, r.AddSample(fixtureSample(IntID(3), "q2", "x")))
			require.NoError(t, r.Finish(StatusSuccess, nil, EvalStats{}, nil, nil))
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			validateLog(t, data)
			want := []string{"1/3"}
			for _, id := range c.kept {
				if id != "3" {
					want = append(want, "1/"+id)
				}
			}
			slices.Sort(want)
			assert.Equal(t, want, samplesIn(t, path))
		})
	}
}

// TestCloseReleasesAnUnfinishedWriter: after Close nothing more is written, and Close after
// Finish does nothing.
func TestCloseReleasesAnUnfinishedWriter(t *testing.T) {
	t.Parallel()
	w, err := Create(t.TempDir(), fixtureHeader())
	require.NoError(t, err)
	require.NoError(t, w.AddSample(fixtureSample(IntID(1), "q", "x")))
	require.NoError(t, w.Close())
	require.NoError(t, w.Close())
	assert.ErrorIs(t, w.AddSample(fixtureSample(IntID(2), "q", "x")), errFinished)
	assert.Equal(t, []string{"1/1"}, samplesIn(t, w.Path()))

	f, err := Create(t.TempDir(), fixtureHeader())
	require.NoError(t, err)
	require.NoError(t, f.Finish(StatusSuccess, nil, EvalStats{}, nil, nil))
	assert.NoError(t, f.Close())
}
