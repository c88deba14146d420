package e2e

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/evallog"
)

// scorerFailSuite has two samples, "ok" and "boom"; the hostile scorer
// "panic" panics scoring "boom" and scores "ok" C.
const scorerFailSuite = `
model "default" { provider = "mockllm" }
task "t" {
  dataset {
    sample {
      id     = "ok"
      input  = "What is 6 times 7?"
      target = "42"
    }
    sample {
      id     = "boom"
      input  = "What is 6 times 7?"
      target = "42"
    }
  }
  scorer "panic" {}
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

// TestScorerPanicIsSampleError: a scorer plugin that panics ends that
// sample in error, as a scorer that raises does in Inspect: the error
// names the scorer, the sample has no score, --retry-on-error runs it
// again (each failure in error_retries), --fail-on-error counts it, and
// the log's status and the exit status follow as for any sample error.
func TestScorerPanicIsSampleError(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		flags   []string
		code    int
		status  string
		retries int
	}{
		"default: the eval fails":      {nil, cli.ExitFailed, "error", 0},
		"retried, then fails":          {[]string{"--retry-on-error", "2"}, cli.ExitFailed, "error", 2},
		"one of two under a 0.6 limit": {[]string{"--fail-on-error", "0.6"}, cli.ExitOK, "success", 0},
		"counted against a count of 1": {[]string{"--fail-on-error", "1"}, cli.ExitFailed, "error", 0},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			suite := hostileSuite(t, scorerFailSuite, "scorer-panic")
			code, sum, errOut := runJSON(t, append([]string{suite}, tc.flags...)...)
			assert.Equal(t, tc.code, code, errOut)
			assert.Equal(t, tc.status, sum["status"])
			l, err := evallog.Read(sum["log"].(string))
			require.NoError(t, err, errOut)
			boom, ok := sampleWithID(l, evallog.StringID("boom")), sampleWithID(l, evallog.StringID("ok"))
			require.NotNil(t, boom.Error, "the sample the scorer failed on errored")
			assert.Contains(t, boom.Error.Message, "scorer panic failed")
			assert.Contains(t, boom.Error.Message, "cannot score sample boom")
			assert.Empty(t, boom.Scores)
			assert.Len(t, boom.ErrorRetries, tc.retries)
			assert.Nil(t, ok.Error)
			assert.Equal(t, "C", ok.Scores["panic"].Value.Interface())
		})
	}
}

// TestResumeAfterScorerFailure: --resume keeps the sample that scored and
// runs the one the scorer failed on again, though the failed log has no
// results and that sample has match's score only (match runs first).
func TestResumeAfterScorerFailure(t *testing.T) {
	t.Parallel()
	suite := hostileSuite(t, strings.Replace(scorerFailSuite, `scorer "panic" {}`, "scorer \"match\" {}\n  scorer \"panic\" {}", 1),
		"scorer-panic")
	code, sum, errOut := runJSON(t, suite)
	require.Equal(t, cli.ExitFailed, code, errOut)
	path := sum["log"].(string)
	before, err := evallog.Read(path)
	require.NoError(t, err)
	assert.Nil(t, before.Results, "a failed eval's log has no results, as Inspect's")
	assert.Equal(t, []string{"match"}, sampleWithID(before, evallog.StringID("boom")).Scores.Names())
	code, sum, errOut = runJSON(t, "--resume", path)
	require.Equal(t, cli.ExitFailed, code, errOut)
	assert.Equal(t, 1.0, sum["resumed"], "the sample that scored is kept")
	after, err := evallog.Read(path)
	require.NoError(t, err)
	assert.Equal(t, sampleWithID(before, evallog.StringID("ok")).UUID, sampleWithID(after, evallog.StringID("ok")).UUID)
	assert.NotEqual(t, sampleWithID(before, evallog.StringID("boom")).UUID,
		sampleWithID(after, evallog.StringID("boom")).UUID, "the errored sample ran again")
}
