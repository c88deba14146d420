package e2e

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/evallog"
)

// retrySuite has a sample that always errors beside one that passes.
func retrySuite() string { return repoPath("host", "e2e", "testdata", "eval", "retry.hcl") }

// TestRetryOnError: a sample that errored is re-run --retry-on-error times,
// each earlier error kept in its error_retries; an errored sample is
// unscored (no scores, out of the metrics); eval.config records both
// flags.
func TestRetryOnError(t *testing.T) {
	t.Parallel()
	code, sum, errOut := runJSON(t, retrySuite(), "--eval", "some", "--retry-on-error", "2", "--fail-on-error", "0.6")
	require.Equal(t, cli.ExitOK, code, errOut)
	assert.Equal(t, "success", sum["status"], "1 of 2 failed is less than 0.6 of them")
	l, err := evallog.Read(sum["log"].(string))
	require.NoError(t, err)
	broken, ok := sampleWithID(l, evallog.StringID("broken")), sampleWithID(l, evallog.StringID("ok"))
	require.NotNil(t, broken.Error)
	assert.Len(t, broken.ErrorRetries, 2)
	assert.Contains(t, broken.ErrorRetries[0].Message, "setup")
	assert.Empty(t, broken.Scores, "an errored sample is unscored")
	assert.Empty(t, ok.ErrorRetries)
	assert.NotEmpty(t, ok.Scores)
	score := l.Results.Scores[0]
	assert.Equal(t, 1, score.ScoredSamples)
	assert.Equal(t, 1, score.UnscoredSamples)
	assert.Equal(t, 1.0, float64(score.Metrics[0].Value), "accuracy over the scored sample only")
	assert.Equal(t, 0.6, l.Eval.Config.FailOnError)
	assert.Equal(t, 2, l.Eval.Config.RetryOnError)
}

// TestFailOnError: any errored sample fails the eval by default (as in
// Inspect); a count or a fraction fails it once that many or that share
// (or more) errored, as Inspect's _should_eval_fail; 0 is Inspect's true
// and --no-fail-on-error its false; an eval whose every sample errored is
// an error whatever the flag says. One sample of two errors.
func TestFailOnError(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		eval   string
		flags  []string
		status string
	}{
		"default: any":                {"some", nil, "error"},
		"a count of 2":                {"some", []string{"--fail-on-error", "2"}, "success"},
		"a count of 1":                {"some", []string{"--fail-on-error", "1"}, "error"},
		"a fraction of 0.4":           {"some", []string{"--fail-on-error", "0.4"}, "error"},
		"a fraction of 0.5: reached":  {"some", []string{"--fail-on-error", "0.5"}, "error"},
		"a fraction of 0.6":           {"some", []string{"--fail-on-error", "0.6"}, "success"},
		"0: any, as Inspect":          {"some", []string{"--fail-on-error", "0"}, "error"},
		"false: never":                {"some", []string{"--fail-on-error", "false"}, "success"},
		"--no-fail-on-error: never":   {"some", []string{"--fail-on-error", "1", "--no-fail-on-error"}, "success"},
		"all errored: false":          {"all", []string{"--fail-on-error", "false"}, "error"},
		"all errored: no-fail-on-err": {"all", []string{"--no-fail-on-error"}, "error"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			args := append([]string{retrySuite(), "--eval", tc.eval}, tc.flags...)
			_, sum, errOut := runJSON(t, args...)
			assert.Equal(t, tc.status, sum["status"], errOut)
		})
	}
	code, _, errOut := runCLI(t, "run", retrySuite(), "--fail-on-error", "1.5")
	assert.Equal(t, cli.ExitUsage, code)
	assert.Contains(t, errOut, "--fail-on-error")
}

// TestResumeRerunsErroredSamples: --resume runs an errored sample again
// (a new attempt, a new uuid) and keeps the ones that passed.
func TestResumeRerunsErroredSamples(t *testing.T) {
	t.Parallel()
	code, sum, errOut := runJSON(t, retrySuite(), "--eval", "some")
	require.Equal(t, cli.ExitFailed, code, errOut)
	path := sum["log"].(string)
	before, err := evallog.Read(path)
	require.NoError(t, err)
	code, sum, errOut = runJSON(t, "--resume", path)
	require.Equal(t, cli.ExitFailed, code, errOut)
	assert.Equal(t, 1.0, sum["resumed"], "the sample that passed is kept")
	after, err := evallog.Read(path)
	require.NoError(t, err)
	require.Len(t, after.Samples, 2)
	assert.Equal(t, sampleWithID(before, evallog.StringID("ok")).UUID, sampleWithID(after, evallog.StringID("ok")).UUID)
	assert.NotEqual(t, sampleWithID(before, evallog.StringID("broken")).UUID,
		sampleWithID(after, evallog.StringID("broken")).UUID, "the errored sample ran again")
}

// TestEveryMemberErroredSaysSo: a run whose members all errored (their
// model fails every call) says so in the results table and in --json.
func TestEveryMemberErroredSaysSo(t *testing.T) {
	t.Parallel()
	suite := repoPath("host", "e2e", "testdata", "eval", "all_errored.hcl")
	_, out, errOut := runCLI(t, "run", suite, "--log-dir", t.TempDir(), "--display", "none")
	assert.Contains(t, out, "1/1 (every member errored in 1)", errOut)
	_, sum, errOut := runJSON(t, suite)
	assert.Equal(t, 1.0, sum["all_members_errored"], errOut)
}
