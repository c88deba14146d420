package e2e

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/evallog"
)

// evalCutSuite has two samples, the second answered wrong: accuracy 0.5,
// so a sample counted twice shows in the metric.
const evalCutSuite = `
model "default" { provider = "mockllm" }
task "t" {
  dataset {
    sample {
      id     = "a"
      input  = "q"
      target = "42"
    }
    sample {
      id     = "b"
      input  = "q"
      target = "41"
    }
  }
  scorer "match" {}
}
swarm "s" {
  member "scripted" {
    config { steps = [{ action = "submit", answer = "42" }] }
  }
}
eval "e" {
  task  = task.t
  swarm = swarm.s
}
`

// TestResumeEvalCutBeforeTheJournal: a host killed after it appended a
// sample to an .eval log (the default format) but before that sample's
// journal summary leaves the sample's member in the file without its
// summary; --resume keeps that sample (its member is whole: the summary is
// rebuilt from it, as host/evallog's resume does), runs nothing again, and
// counts each sample once.
func TestResumeEvalCutBeforeTheJournal(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	suite := filepath.Join(dir, "suite.hcl")
	require.NoError(t, os.WriteFile(suite, []byte(evalCutSuite), 0o644))
	code, out, errOut := runCLI(t, "run", suite, "--json", "--log-dir", filepath.Join(dir, "logs"), "--max-samples", "1")
	require.Equal(t, cli.ExitOK, code, errOut)
	done, err := evallog.Read(jsonLine(t, out)["log"].(string))
	require.NoError(t, err)
	require.Len(t, done.Samples, 2)

	path, before, after := appendEval(t, done)
	name := []byte("_journal/summaries/2.json")
	at := bytes.Index(after[len(before)-100:], name)
	require.Positive(t, at, "the second sample's journal summary follows it")
	at += len(before) - 100 - 30 // the member's local header is 30 bytes before its name
	require.NoError(t, os.WriteFile(path, after[:at], 0o644))

	code, out, errOut = runCLI(t, "run", "--json", "--resume", path)
	require.Equal(t, cli.ExitOK, code, errOut)
	sum := jsonLine(t, out)
	assert.Equal(t, 2.0, sum["resumed"], "the second sample's member is whole: kept, its summary rebuilt")
	assert.Equal(t, 2.0, sum["samples"], "each sample counts once")
	l, err := evallog.Read(path)
	require.NoError(t, err)
	assert.Len(t, l.Samples, 2)
	require.NotNil(t, l.Results)
	assert.Equal(t, 2, l.Results.CompletedSamples)
	require.Len(t, l.Results.Scores, 1)
	assert.Equal(t, 2, l.Results.Scores[0].ScoredSamples)
}

// appendEval writes done's header (status started) and its samples to a
// new .eval log, and returns the file before and after its last append.
func appendEval(t *testing.T, done *evallog.EvalLog) (path string, before, after []byte) {
	t.Helper()
	header := *done
	header.Status, header.Samples, header.Results, header.Reductions = evallog.StatusStarted, nil, nil, nil
	w, err := evallog.CreateLog(t.TempDir(), header, evallog.FormatEval)
	require.NoError(t, err)
	for i, s := range done.Samples {
		if i == len(done.Samples)-1 {
			before, err = os.ReadFile(w.Path())
			require.NoError(t, err)
		}
		require.NoError(t, w.AddSample(s))
	}
	after, err = os.ReadFile(w.Path())
	require.NoError(t, err)
	require.NoError(t, w.Close())
	return w.Path(), before, after
}
