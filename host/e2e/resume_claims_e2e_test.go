package e2e

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/evallog"
)

// claimsSuite is a suite of five inline samples, shuffled without a seed,
// two epochs reduced by mean; edit changes it for a resume check.
func claimsSuite(edit func(string) string) string {
	s := `
model "default" { provider = "mockllm" }
task "t" {
  dataset {
    shuffle = true
    sample {
      id = "a"
      input = "q"
      target = "42"
    }
    sample {
      id = "b"
      input = "q"
      target = "42"
    }
    sample {
      id = "c"
      input = "q"
      target = "42"
    }
    sample {
      id = "d"
      input = "q"
      target = "42"
    }
    sample {
      id = "e"
      input = "q"
      target = "42"
    }
  }
  scorer "match" {}
  epochs {
    count    = 2
    reducers = ["mean"]
  }
}
task "other" {
  dataset {
    sample {
      id = "a"
      input = "q"
      target = "42"
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
	if edit != nil {
		s = edit(s)
	}
	return s
}

// asStarted reads the finished log at path with its status set back to
// "started", as a host that died before finishing it would have left it.
func asStarted(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	return regexp.MustCompile(`"status": "(success|error)"`).ReplaceAll(data, []byte(`"status": "started"`))
}

// cutStarted writes the log at path as a host killed during the append of
// its last sample leaves it (status "started", the last sample cut in its
// middle) into a new file, and returns that file.
func cutStarted(t *testing.T, path string) string {
	t.Helper()
	data := asStarted(t, path)
	last := bytes.LastIndex(data, []byte("\n    },\n    {"))
	require.Positive(t, last)
	out := filepath.Join(t.TempDir(), filepath.Base(path))
	require.NoError(t, os.WriteFile(out, data[:last+200], 0o644))
	return out
}

// TestResumeKeepsTheLogsPlan: the resumed run covers the log's sample ids
// in the log's order, whatever the unseeded shuffle of the new run would
// pick, runs only what is missing (the cut sample × epoch), and keeps the
// finished samples byte for byte.
func TestResumeKeepsTheLogsPlan(t *testing.T) {
	t.Parallel()
	suite := hostileSuite(t, claimsSuite(nil))
	code, sum, errOut := runJSON(t, suite, "--log-format", "json")
	require.Equal(t, cli.ExitOK, code, errOut)
	first, err := evallog.Read(sum["log"].(string))
	require.NoError(t, err)
	cut := cutStarted(t, sum["log"].(string))
	before, _ := os.ReadFile(cut)
	code, again, errOut := runJSON(t, "--resume", cut)
	require.Equal(t, cli.ExitOK, code, errOut)
	assert.Equal(t, 9.0, again["resumed"], "ten sample × epochs, one cut")
	l, err := evallog.Read(cut)
	require.NoError(t, err)
	assert.Equal(t, first.Eval.Dataset.SampleIDs, l.Eval.Dataset.SampleIDs, "the log's ids in the log's order")
	assert.Len(t, l.Samples, 10)
	after, _ := os.ReadFile(cut)
	head := bytes.Index(before, []byte(`"samples": [`))
	for _, raw := range bytes.Split(before[head:bytes.LastIndex(before, []byte("\n    },\n    {"))], []byte("\n    },\n    {")) {
		assert.True(t, bytes.Contains(after, bytes.TrimPrefix(raw, []byte(`"samples": [`))), "a finished sample is kept byte for byte")
	}
}

// TestResumeRefusesAnotherEval: the suite must still describe the log's
// eval — task, epochs, reducers, scorers (and swarm, TestResumeChecks) —
// and a refused resume leaves the log as it was.
func TestResumeRefusesAnotherEval(t *testing.T) {
	t.Parallel()
	suite := hostileSuite(t, claimsSuite(nil))
	code, sum, errOut := runJSON(t, suite, "--log-format", "json")
	require.Equal(t, cli.ExitOK, code, errOut)
	cut := cutStarted(t, sum["log"].(string))
	before, _ := os.ReadFile(cut)
	cases := map[string]struct {
		edit func(string) string
		want string
	}{
		"another task": {edit: func(s string) string { return strings.Replace(s, "task  = task.t", "task  = task.other", 1) },
			want: `the log is of task "t", not "other"`},
		"other epochs": {edit: func(s string) string { return strings.Replace(s, "count    = 2", "count    = 3", 1) },
			want: "the log runs 2 epochs, the suite 3"},
		"other reducers": {edit: func(s string) string { return strings.Replace(s, `["mean"]`, `["max"]`, 1) },
			want: "the log reduces epochs with [mean], the suite with [max]"},
		"other scorers": {edit: func(s string) string {
			return strings.Replace(s, "scorer \"match\" {}\n  epochs", "scorer \"match\" {}\n  scorer \"includes\" {}\n  epochs", 1)
		}, want: "the task's scorers are"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			edited := hostileSuite(t, tc.edit(claimsSuite(nil)))
			code, out, errOut := runCLI(t, "run", edited, "--resume", cut)
			assert.Equal(t, cli.ExitFailed, code, out+errOut)
			assert.Contains(t, errOut, tc.want)
			after, _ := os.ReadFile(cut)
			assert.Equal(t, before, after, "a refused resume writes nothing")
		})
	}
}
