package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/internal/clitest"
)

// TestInspectFlags runs the quickstart (three samples q1..q3) with the
// flags Inspect users type and checks each against the log.
func TestInspectFlags(t *testing.T) {
	t.Parallel()
	quickstart := repoPath("examples", "quickstart")
	ids := func(l *evallog.EvalLog) []string {
		var out []string
		for _, s := range l.Samples {
			out = append(out, s.ID.String()+"/"+string(rune('0'+s.Epoch)))
		}
		return out
	}
	tests := map[string]struct {
		args  []string
		check func(t *testing.T, l *evallog.EvalLog)
	}{
		"-T sets a suite variable": {[]string{"-T", "thinkers=1", "--limit", "1"}, func(t *testing.T, l *evallog.EvalLog) {
			assert.Equal(t, []any{"fast", "thinker"}, l.Eval.SolverArgs["members"])
		}},
		"--limit A-B": {[]string{"--limit", "2-3"}, func(t *testing.T, l *evallog.EvalLog) {
			assert.Equal(t, []string{"q2/1", "q3/1"}, ids(l))
			assert.Equal(t, []any{2.0, 3.0}, l.Eval.Config.Limit)
		}},
		"--sample-id": {[]string{"--sample-id", "q1,q3"}, func(t *testing.T, l *evallog.EvalLog) {
			assert.Equal(t, []string{"q1/1", "q3/1"}, ids(l))
		}},
		"--sample-id with wildcards, as Inspect": {[]string{"--sample-id", "q[!2]"}, func(t *testing.T, l *evallog.EvalLog) {
			assert.Equal(t, []string{"q1/1", "q3/1"}, ids(l))
		}},
		"--epochs": {[]string{"--epochs", "2", "--limit", "1"}, func(t *testing.T, l *evallog.EvalLog) {
			assert.Equal(t, []string{"q1/1", "q1/2"}, ids(l))
			assert.Equal(t, 2, l.Eval.Config.Epochs)
		}},
		"--no-log-samples": {[]string{"--no-log-samples"}, func(t *testing.T, l *evallog.EvalLog) {
			assert.Empty(t, l.Samples)
			assert.Equal(t, 3, l.Results.CompletedSamples)
			require.NotNil(t, l.Eval.Config.LogSamples)
			assert.False(t, *l.Eval.Config.LogSamples)
		}},
		"--model and --max-connections": {[]string{"--model", "mockllm/model", "--max-connections", "2", "--limit", "1"},
			func(t *testing.T, l *evallog.EvalLog) {
				assert.Equal(t, "mockllm/model", l.Eval.Model)
				assert.Equal(t, "Default output from mockllm/model", modelOutputOf(l.Samples[0]),
					"--model replaced the suite's scripted default model")
				assert.EqualValues(t, 2, l.Eval.ModelGenConfig["max_connections"],
					"--max-connections in the generate config, as Inspect records it")
			}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			code, sum, errOut := runJSON(t, append([]string{quickstart}, tc.args...)...)
			require.Equal(t, cli.ExitOK, code, errOut)
			l, err := evallog.Read(sum["log"].(string))
			require.NoError(t, err)
			tc.check(t, l)
		})
	}
	for _, bad := range [][]string{{"--limit", "3-2"}, {"--display", "fancy"}, {"--model", "nomodel"},
		{"-M", "base_url=x"}, {"--limit", "x"}, {"--log-level", "loud"}, {"--sample-id", "nosuch:q1,q2"}} {
		code, _, errOut := runCLI(t, append([]string{"run", quickstart, "--log-dir", t.TempDir()}, bad...)...)
		assert.Equal(t, cli.ExitUsage, code, "%v: %s", bad, errOut)
	}
}

// modelOutputOf is the first model output's text in a sample's events.
func modelOutputOf(s evallog.EvalSample) string {
	for _, e := range s.Events {
		if m, ok := e.(evallog.ModelEvent); ok && len(m.Output.Choices) > 0 {
			return m.Output.Choices[0].Message.Content.Text
		}
	}
	return ""
}

// TestInspectLogDirAndDotEnv: the log goes to $INSPECT_LOG_DIR, which a
// .env file in the working directory may set; --display plain prints a
// line per sample, as full does on stderr that is not a terminal, and none
// prints nothing.
func TestInspectLogDirAndDotEnv(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bin := builtHost(t)
	logs := filepath.Join(dir, "from-dotenv")
	require.NoError(t, os.WriteFile(filepath.Join(dir, ".env"), []byte("# test\nexport INSPECT_LOG_DIR=\""+logs+"\"\n"), 0o644))
	for _, mode := range []string{"plain", "none", "full"} {
		cmd := exec.Command(bin, "run", repoPath("examples", "quickstart"), "--limit", "2", "--display", mode)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "SWARMHOST_PLUGIN_PATH="+clitest.PluginDir)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		require.NoError(t, err, stderr.String())
		assert.Contains(t, string(out), logs, "the log is in $INSPECT_LOG_DIR from .env")
		lines := strings.Count(stderr.String(), "samples,")
		if mode != "none" {
			assert.Equal(t, 2, lines, "one line per sample (full too, on stderr that is no terminal): %s", stderr.String())
		} else {
			assert.Zero(t, lines, "no progress: %s", stderr.String())
		}
	}
	m, err := filepath.Glob(filepath.Join(logs, "*.eval"))
	require.NoError(t, err)
	assert.Len(t, m, 3)
}
