package e2e

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
)

// TestResumeChecks: what `run --resume` refuses, and a log with nothing
// missing.
func TestResumeChecks(t *testing.T) {
	t.Parallel()
	code, sum, errOut := runJSON(t, repoPath("examples", "quickstart"), "--limit", "2")
	require.Equal(t, cli.ExitOK, code, errOut)
	done := sum["log"].(string)
	orig, err := os.ReadFile(done)
	require.NoError(t, err)
	// The same log as a crash would have left it (every sample in, but not
	// finished).
	started := filepath.Join(t.TempDir(), filepath.Base(done))
	require.NoError(t, os.WriteFile(started, bytes.Replace(orig, []byte(`"status": "success"`),
		[]byte(`"status": "started"`), 1), 0o644))
	startedBytes, _ := os.ReadFile(started)

	cases := map[string]struct {
		args []string
		code int
		want string
	}{
		"complete log":      {args: []string{"--resume", done}, code: cli.ExitOK, want: "nothing to resume"},
		"with --limit":      {args: []string{"--resume", started, "--limit", "1"}, code: cli.ExitUsage, want: "--limit"},
		"another eval":      {args: []string{"--resume", started, "--eval", "nope"}, code: cli.ExitUsage, want: `the log is of eval "team_on_arith"`},
		"no such log":       {args: []string{"--resume", filepath.Join(t.TempDir(), "nope.json")}, code: cli.ExitUsage, want: "no such file"},
		"two suites":        {args: []string{"a", "b", "--resume", started}, code: cli.ExitUsage, want: "at most one SUITE"},
		"the swarm changed": {args: []string{"--resume", started, "--var", "thinkers=1"}, code: cli.ExitFailed, want: "the swarm changed"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			code, out, errOut := runCLI(t, append([]string{"run"}, tc.args...)...)
			assert.Equal(t, tc.code, code, out+errOut)
			assert.Contains(t, errOut, tc.want)
			after, _ := os.ReadFile(done)
			assert.Equal(t, orig, after, "a complete log is left alone")
			after, _ = os.ReadFile(started)
			assert.Equal(t, startedBytes, after, "a refused resume writes nothing")
		})
	}
}

// TestResumeWithNothingMissing finishes a log that has every sample but
// was never finished: nothing runs, the results are computed from the log.
func TestResumeWithNothingMissing(t *testing.T) {
	t.Parallel()
	code, sum, errOut := runJSON(t, repoPath("examples", "quickstart"), "--limit", "2")
	require.Equal(t, cli.ExitOK, code, errOut)
	data, err := os.ReadFile(sum["log"].(string))
	require.NoError(t, err)
	started := filepath.Join(t.TempDir(), filepath.Base(sum["log"].(string)))
	require.NoError(t, os.WriteFile(started, bytes.Replace(data, []byte(`"status": "success"`),
		[]byte(`"status": "started"`), 1), 0o644))
	code, again, errOut := runJSON(t, repoPath("examples", "quickstart"), "--resume", started)
	require.Equal(t, cli.ExitOK, code, errOut)
	assert.Equal(t, 2.0, again["resumed"])
	assert.Equal(t, 2.0, again["samples"])
	assert.Equal(t, "success", again["status"])
	assert.Equal(t, 0.0, again["tokens"].(float64)-sum["tokens"].(float64), "no sample ran again")
	assert.Equal(t, scoreOf(sum, "match", "accuracy"), scoreOf(again, "match", "accuracy"))
	validateLogFile(t, started)
}
