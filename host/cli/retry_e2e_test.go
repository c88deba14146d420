package cli

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/evallog"
)

// retrySuite has a sample that always errors beside one that passes.
func retrySuite() string { return repoPath("host", "cli", "testdata", "eval", "retry.hcl") }

// TestRetryOnError: a sample that errored is re-run --retry-on-error times,
// each earlier error kept in its error_retries; an errored sample is
// unscored (no scores, out of the metrics); eval.config records both
// flags.
func TestRetryOnError(t *testing.T) {
	t.Parallel()
	code, sum, errOut := runJSON(t, retrySuite(), "--eval", "some", "--retry-on-error", "2", "--fail-on-error", "0.5")
	require.Equal(t, ExitOK, code, errOut)
	assert.Equal(t, "success", sum["status"], "1 of 2 failed is not more than half")
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
	assert.Equal(t, 0.5, l.Eval.Config.FailOnError)
	assert.Equal(t, 2, l.Eval.Config.RetryOnError)
}

// TestFailOnError: any errored sample fails the eval by default (as in
// Inspect); a count or a fraction tolerates that many; an eval whose every
// sample errored is an error whatever the flag says.
func TestFailOnError(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		eval, flag, status string
	}{
		"default: any":       {"some", "", "error"},
		"a count of 2":       {"some", "2", "success"},
		"a count of 1":       {"some", "1", "error"},
		"a fraction of 0.4":  {"some", "0.4", "error"},
		"false: never":       {"some", "false", "success"},
		"all errored: false": {"all", "false", "error"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			args := []string{retrySuite(), "--eval", tc.eval}
			if tc.flag != "" {
				args = append(args, "--fail-on-error", tc.flag)
			}
			_, sum, errOut := runJSON(t, args...)
			assert.Equal(t, tc.status, sum["status"], errOut)
		})
	}
	code, _, errOut := runCLI(t, "run", retrySuite(), "--fail-on-error", "1.5")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "--fail-on-error")
}

// TestResumeRerunsErroredSamples: --resume runs an errored sample again
// (a new attempt, a new uuid) and keeps the ones that passed.
func TestResumeRerunsErroredSamples(t *testing.T) {
	t.Parallel()
	code, sum, errOut := runJSON(t, retrySuite(), "--eval", "some")
	require.Equal(t, ExitFailed, code, errOut)
	path := sum["log"].(string)
	before, err := evallog.Read(path)
	require.NoError(t, err)
	code, sum, errOut = runJSON(t, "--resume", path)
	require.Equal(t, ExitFailed, code, errOut)
	assert.Equal(t, 1.0, sum["resumed"], "the sample that passed is kept")
	after, err := evallog.Read(path)
	require.NoError(t, err)
	require.Len(t, after.Samples, 2)
	assert.Equal(t, sampleWithID(before, evallog.StringID("ok")).UUID, sampleWithID(after, evallog.StringID("ok")).UUID)
	assert.NotEqual(t, sampleWithID(before, evallog.StringID("broken")).UUID,
		sampleWithID(after, evallog.StringID("broken")).UUID, "the errored sample ran again")
}
