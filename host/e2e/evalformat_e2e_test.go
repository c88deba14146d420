package e2e

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/internal/clitest"
)

// TestEvalFormatIsTheDefault: without --log-format the log is an .eval
// file; --log-format json writes .json; `swarmhost log` and Inspect's
// readers (read_eval_log, samples_df, evals_df) read both alike.
func TestEvalFormatIsTheDefault(t *testing.T) {
	t.Parallel()
	suite := repoPath("examples", "quickstart")
	logs := map[string]string{}
	for _, format := range []string{"", "json"} {
		args := []string{"run", "--json", "--log-dir", t.TempDir(), suite, "--var", "thinkers=1"}
		if format != "" {
			args = append(args, "--log-format", format)
		}
		code, out, errOut := runCLI(t, args...)
		require.Equal(t, cli.ExitOK, code, errOut)
		logs[format] = strings.TrimSpace(out)
	}
	evalLog, jsonLog := logPathOf(t, logs[""]), logPathOf(t, logs["json"])
	assert.True(t, strings.HasSuffix(evalLog, ".eval"), evalLog)
	assert.True(t, strings.HasSuffix(jsonLog, ".json"), jsonLog)
	for _, p := range []string{evalLog, jsonLog} {
		code, out, errOut := runCLI(t, "log", p)
		require.Equal(t, cli.ExitOK, code, errOut)
		assert.Contains(t, out, "accuracy", p)
	}
	reports := checkWithInspect(t, evalLog, jsonLog)
	assert.Equal(t, reports[1].Samples, reports[0].Samples)
	assert.Equal(t, reports[1].DFRows, reports[0].DFRows)
	assert.Equal(t, reports[1].Records, reports[0].Records)
	assert.Equal(t, "success", reports[0].Status)
	code, _, errOut := runCLI(t, "run", "--log-format", "yaml", suite)
	assert.Equal(t, cli.ExitUsage, code)
	assert.Contains(t, errOut, "want eval or json")
}

// logPathOf reads the log path from one line of `run --json`.
func logPathOf(t *testing.T, line string) string {
	t.Helper()
	i := strings.Index(line, `"log":"`)
	require.GreaterOrEqual(t, i, 0, line)
	rest := line[i+len(`"log":"`):]
	return rest[:strings.IndexByte(rest, '"')]
}

// TestEvalKillResume is TestKillMidRunThenResume for the .eval
// format: a host SIGKILLed mid-run leaves an .eval log that Inspect and we
// read (status "started", every finished sample), and --resume runs only
// the missing samples into it.
func TestEvalKillResume(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bin := builtHost(t)
	logDir := filepath.Join(dir, "logs")
	cmd := exec.Command(bin, "run", repoPath("host", "e2e", "testdata", "eval", "slow.hcl"), "--log-dir", logDir,
		"--max-samples", "1", "--json")
	cmd.Env = append(os.Environ(), "SWARMHOST_PLUGIN_PATH="+clitest.PluginDir, "TMPDIR="+dir)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	path := killAtSamples(t, cmd, logDir, "*.eval", 2, 60*time.Second, &stderr)

	killed, err := evallog.Read(path)
	require.NoError(t, err, stderr.String())
	assert.Equal(t, evallog.StatusStarted, killed.Status)
	n := len(killed.Samples)
	require.True(t, n >= 2 && n < 6, "%d samples in the killed log", n)
	r := checkWithInspect(t, path)[0]
	assert.Equal(t, "started", r.Status)
	assert.Equal(t, n, r.Samples)

	code, sum, errOut := runJSON(t, "--resume", path)
	require.Equal(t, cli.ExitOK, code, errOut)
	assert.Equal(t, path, sum["log"])
	assert.Equal(t, float64(n), sum["resumed"])
	done, err := evallog.Read(path)
	require.NoError(t, err)
	assert.Equal(t, evallog.StatusSuccess, done.Status)
	require.Len(t, done.Samples, 6)
	for _, old := range killed.Samples {
		assert.Equal(t, old.UUID, sampleWithID(done, old.ID).UUID, "sample %v re-ran", old.ID)
	}
	assert.Equal(t, 6, checkWithInspect(t, path)[0].DFRows)
}
