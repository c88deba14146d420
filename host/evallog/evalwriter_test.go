package evallog

import (
	"archive/zip"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// writeEvalFixture writes the fixture's samples to an .eval log; finish
// says whether to finish it.
func writeEvalFixture(t *testing.T, finish bool) (string, []EvalSample) {
	t.Helper()
	w, err := CreateLog(t.TempDir(), fixtureHeader(), FormatEval)
	require.NoError(t, err)
	samples := fixtureSamples()
	for _, s := range samples {
		require.NoError(t, w.AddSample(s))
	}
	if finish {
		results, stats, reductions := fixtureFinal()
		require.NoError(t, w.Finish(StatusSuccess, results, stats, reductions, nil))
	} else {
		require.NoError(t, w.Close())
	}
	return w.Path(), samples
}

// TestEvalLogRoundTrip: an .eval log holds Inspect's members (start
// journal, a file and a journal summary per sample, then summaries,
// reductions and header) and reads back as the .json log of the same
// samples does.
func TestEvalLogRoundTrip(t *testing.T) {
	t.Parallel()
	path, samples := writeEvalFixture(t, true)
	assert.True(t, strings.HasSuffix(path, ".eval"), path)
	zr, err := zip.OpenReader(path)
	require.NoError(t, err)
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
	}
	require.NoError(t, zr.Close())
	assert.Contains(t, names, "_journal/start.json")
	assert.Contains(t, names, "header.json")
	assert.Contains(t, names, "summaries.json")
	assert.Contains(t, names, "reductions.json")
	for _, s := range samples {
		assert.Contains(t, names, sampleName(s.ID, s.Epoch))
	}

	got, err := Read(path)
	require.NoError(t, err)
	want, err := Read(writeFixture(t))
	require.NoError(t, err)
	assert.Equal(t, StatusSuccess, got.Status)
	assert.Equal(t, jsonOf(t, want), jsonOf(t, got), "the .eval log reads as the .json one")
}

// TestEvalLogStartedIsReadable: before Finish the file is a complete zip
// with status "started" and every sample added.
func TestEvalLogStartedIsReadable(t *testing.T) {
	t.Parallel()
	path, samples := writeEvalFixture(t, false)
	got, err := Read(path)
	require.NoError(t, err)
	assert.Equal(t, StatusStarted, got.Status)
	assert.Len(t, got.Samples, len(samples))
	assert.Nil(t, got.Results)
}

// TestEvalLogResumeAfterCrash cuts an unfinished .eval log in the middle
// of its last sample's member, as a host killed mid-write leaves it: Read
// says how to repair it, ResumeLog recovers every complete sample, and the
// resumed log finishes with all of them.
func TestEvalLogResumeAfterCrash(t *testing.T) {
	t.Parallel()
	path, samples := writeEvalFixture(t, false)
	last := samples[len(samples)-1]
	zr, err := zip.OpenReader(path)
	require.NoError(t, err)
	var cut int64
	for _, f := range zr.File {
		if f.Name == sampleName(last.ID, last.Epoch) {
			at, err := f.DataOffset()
			require.NoError(t, err)
			cut = at + int64(f.CompressedSize64)/2
		}
	}
	require.NoError(t, zr.Close())
	require.Positive(t, cut)
	require.NoError(t, os.Truncate(path, cut))

	_, err = Read(path)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "--resume")

	w, err := ResumeLog(path)
	require.NoError(t, err)
	for _, s := range samples[:len(samples)-1] {
		assert.True(t, w.Has(s.ID, s.Epoch), "sample %s epoch %d kept", s.ID, s.Epoch)
	}
	assert.False(t, w.Has(last.ID, last.Epoch), "the cut sample is gone")
	require.NoError(t, w.AddSample(last))
	results, stats, reductions := fixtureFinal()
	require.NoError(t, w.Finish(StatusSuccess, results, stats, reductions, nil))
	got, err := Read(path)
	require.NoError(t, err)
	assert.Equal(t, StatusSuccess, got.Status)
	assert.Len(t, got.Samples, len(samples))
}

// TestEvalLogReplacesASample: a sample added again (a retry) replaces the
// earlier one.
func TestEvalLogReplacesASample(t *testing.T) {
	t.Parallel()
	w, err := CreateLog(t.TempDir(), fixtureHeader(), FormatEval)
	require.NoError(t, err)
	s := fixtureSamples()[0]
	require.NoError(t, w.AddSample(s))
	s.UUID = "second"
	require.NoError(t, w.AddSample(s))
	require.NoError(t, w.Close())
	got, err := Read(w.Path())
	require.NoError(t, err)
	require.Len(t, got.Samples, 1)
	assert.Equal(t, "second", got.Samples[0].UUID)
}

// TestReadInspectEvalLog reads an .eval log Inspect wrote (zstd members,
// in testdata): header, samples and their events.
func TestReadInspectEvalLog(t *testing.T) {
	t.Parallel()
	paths, err := filepath.Glob(filepath.Join("testdata", "*.eval"))
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	for _, p := range paths {
		l, err := Read(p)
		require.NoError(t, err, p)
		assert.Equal(t, StatusSuccess, l.Status, p)
		require.NotEmpty(t, l.Samples, p)
		assert.NotEmpty(t, l.Samples[0].Events, p)
	}
}

func jsonOf(t *testing.T, l *EvalLog) string {
	t.Helper()
	b, err := Marshal(l)
	require.NoError(t, err)
	var v any
	require.NoError(t, json.Unmarshal(jsonenc.ToSentinels(b), &v))
	out, err := json.Marshal(v)
	require.NoError(t, err)
	return string(out)
}

// TestReadRepairedEvalLog: ReadRepaired reads an .eval log cut in the
// middle of its last sample (a killed writer's) up to its last complete
// sample, says it repaired it, and leaves the file as it was.
func TestReadRepairedEvalLog(t *testing.T) {
	t.Parallel()
	path, samples := writeEvalFixture(t, false)
	got, repaired, err := ReadRepaired(path)
	require.NoError(t, err)
	assert.False(t, repaired, "a complete archive needs no repair")
	assert.Len(t, got.Samples, len(samples))

	info, err := os.Stat(path)
	require.NoError(t, err)
	require.NoError(t, os.Truncate(path, info.Size()-int64(len(samples))*8-40))
	before, err := os.ReadFile(path)
	require.NoError(t, err)
	_, err = Read(path)
	require.Error(t, err, "the cut archive is refused by Read")
	got, repaired, err = ReadRepaired(path)
	require.NoError(t, err)
	assert.True(t, repaired)
	assert.Equal(t, StatusStarted, got.Status)
	assert.NotEmpty(t, got.Samples)
	assert.LessOrEqual(t, len(got.Samples), len(samples))
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, before, after, "ReadRepaired never changes the file")
}
