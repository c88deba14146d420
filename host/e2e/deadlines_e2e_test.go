package e2e

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/evallog"
)

// deadlineSuite is one sample answered "42" by a scripted member; extra is
// added to the task (scorers) and swarm is the swarm's controller line.
func deadlineSuite(task, controller string) string {
	return `
model "default" { provider = "mockllm" }
task "t" {
  dataset {
    sample {
      id     = "a"
      input  = "What is 6 times 7?"
      target = "42"
    }
  }
` + task + `
}
swarm "s" {
  member "scripted" {
    config { steps = [{ action = "submit", answer = "42" }] }
  }
  ` + controller + `
}
eval "e" {
  task  = task.t
  swarm = swarm.s
}
`
}

// TestHungScorerTimesOut: a scorer plugin whose Score never returns (and
// ignores cancellation) is an error of the sample once its score_timeout
// passes, as a scorer that raises is in Inspect: the error names the scorer
// and the timeout, the scorer before it keeps its score, and the eval fails
// (Inspect's default fail_on_error) with exit status 1.
func TestHungScorerTimesOut(t *testing.T) {
	t.Parallel()
	suite := hostileSuite(t, deadlineSuite(`
  scorer "match" {}
  scorer "hang" { score_timeout = "1s" }`, ""), "scorer-hang")
	code, sum, errOut := runJSON(t, suite)
	assert.Equal(t, cli.ExitFailed, code, errOut)
	assert.Equal(t, "error", sum["status"])
	l, err := evallog.Read(sum["log"].(string))
	require.NoError(t, err, errOut)
	require.Len(t, l.Samples, 1)
	s := l.Samples[0]
	require.NotNil(t, s.Error)
	assert.Contains(t, s.Error.Message, `scorer "hang" did not answer within 1s`)
	assert.Contains(t, s.Error.Message, "score_timeout")
	assert.Equal(t, []string{"match"}, s.Scores.Names(), "the scorer before it keeps its score")
	assert.Equal(t, "C", s.Scores["match"].Value.Interface())
}

// TestHungGateTimesOut: the same hang as the task's gate scorer: the gate
// check fails with the timeout instead of holding the member forever.
func TestHungGateTimesOut(t *testing.T) {
	t.Parallel()
	suite := hostileSuite(t, deadlineSuite(`
  scorer "hang" {
    gate          = true
    score_timeout = "1s"
  }`, ""), "scorer-hang")
	_, sum, errOut := runJSON(t, suite)
	l, err := evallog.Read(sum["log"].(string))
	require.NoError(t, err, errOut)
	require.Len(t, l.Samples, 1)
	assert.Contains(t, errOut+sampleErrorText(l.Samples[0]), "did not answer within 1s")
}

// TestHungControllerTimesOut: a controller whose Start never returns is a
// controller error once its call_timeout passes: the sample ends in error
// and the run ends.
func TestHungControllerTimesOut(t *testing.T) {
	t.Parallel()
	suite := hostileSuite(t, deadlineSuite(`scorer "match" {}`, `controller "hang" { call_timeout = "1s" }`), "controller-hang")
	code, sum, errOut := runJSON(t, suite)
	assert.Equal(t, cli.ExitFailed, code, errOut)
	l, err := evallog.Read(sum["log"].(string))
	require.NoError(t, err, errOut)
	require.Len(t, l.Samples, 1)
	require.NotNil(t, l.Samples[0].Error, "the sample records the controller's failure")
	assert.Contains(t, l.Samples[0].Error.Message, `controller "hang" did not answer in time (raise call_timeout`)
}

// sampleErrorText is a sample's error message, "" without one.
func sampleErrorText(s evallog.EvalSample) string {
	if s.Error == nil {
		return ""
	}
	return s.Error.Message
}
