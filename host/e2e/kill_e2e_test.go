package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/internal/clitest"
	"github.com/swarmhost/swarmhost/host/resume"
)

// TestKillMidRunThenResume runs the real binary on six slow samples, one
// at a time, SIGKILLs it once two samples are in the log, and checks what
// a crash leaves: a valid log with status "started" and every finished
// sample, which Inspect's reader opens. `swarmhost run --resume LOG` (the
// suite and variables come from the log) then runs only the missing
// samples into the same file, keeping the finished ones byte for byte.
func TestKillMidRunThenResume(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bin := builtHost(t)
	logDir := filepath.Join(dir, "logs")
	cmd := exec.Command(bin, "run", repoPath("host", "e2e", "testdata", "eval", "slow.hcl"), "--log-dir", logDir, "--log-format", "json",
		"--max-samples", "1", "--json")
	// TMPDIR: the killed host cannot remove its sandboxes; the test does.
	cmd.Env = append(os.Environ(), "SWARMHOST_PLUGIN_PATH="+clitest.PluginDir, "TMPDIR="+dir)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	path := killAtSamples(t, cmd, logDir, "*.json", 2, 60*time.Second, &stderr)

	killed, err := evallog.Read(path)
	require.NoError(t, err, stderr.String())
	assert.Equal(t, evallog.StatusStarted, killed.Status)
	n := len(killed.Samples)
	require.True(t, n >= 2 && n < 6, "%d samples in the killed log", n)
	assert.Nil(t, killed.Results)
	assert.False(t, killed.Stats.StartedAt.IsZero(), "stats.started_at is written at once")
	validateLogFile(t, path)
	before, err := os.ReadFile(path)
	require.NoError(t, err)
	r := checkWithInspect(t, path)[0]
	assert.Equal(t, "started", r.Status)
	assert.Equal(t, n, r.Samples)
	assert.Equal(t, n, r.DFRows)

	code, sum, errOut := runJSON(t, "--resume", path)
	require.Equal(t, cli.ExitOK, code, errOut)
	assert.Equal(t, path, sum["log"])
	assert.Equal(t, float64(n), sum["resumed"])
	assert.Equal(t, 6.0, sum["samples"])
	assert.InDelta(t, 5.0/6.0, scoreOf(sum, "match", "accuracy"), 1e-12, "sample 4 wants 41")
	done, err := evallog.Read(path)
	require.NoError(t, err)
	assert.Equal(t, evallog.StatusSuccess, done.Status)
	require.Len(t, done.Samples, 6)
	assert.Equal(t, 6, done.Results.CompletedSamples)
	assert.Equal(t, killed.Stats.StartedAt, done.Stats.StartedAt, "the run began when the first attempt did")
	for _, old := range killed.Samples {
		assert.Equal(t, old.UUID, sampleWithID(done, old.ID).UUID, "sample %v re-ran", old.ID)
	}
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	resumed := rawSamples(t, after)
	for key, raw := range rawSamples(t, before) {
		assert.Equal(t, raw, resumed[key], "sample %s kept byte for byte", key)
	}
	validateLogFile(t, path)
	assert.Equal(t, 6, checkWithInspect(t, path)[0].DFRows)

	code, _, errOut = runCLI(t, "run", "--resume", path)
	assert.Equal(t, cli.ExitOK, code)
	assert.Contains(t, errOut, "nothing to resume")
}

// logWithSamples returns the path of the one log in dir matching pattern
// ("*.json", "*.eval") when it reads whole with at least n samples.
func logWithSamples(dir, pattern string, n int) (string, error) {
	m, _ := filepath.Glob(filepath.Join(dir, pattern))
	if len(m) != 1 {
		return "", fmt.Errorf("%d logs match %s", len(m), pattern)
	}
	l, err := evallog.Read(m[0])
	if err != nil {
		return "", err
	}
	if len(l.Samples) < n {
		return "", fmt.Errorf("%d samples", len(l.Samples))
	}
	return m[0], nil
}

// waitForSamples polls dir until its log (pattern: logWithSamples) reads
// whole with at least n samples and returns the log's path. (The tests
// that use it have short names: a host's plugin sockets live under the
// test's TempDir, and a unix socket path has at most 107 bytes.)
func waitForSamples(t *testing.T, dir, pattern string, n int, within time.Duration, stderr fmt.Stringer) string {
	t.Helper()
	deadline := time.Now().Add(within)
	var last error
	for time.Now().Before(deadline) {
		path, err := logWithSamples(dir, pattern, n)
		if err == nil {
			return path
		}
		last = err
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no log %s with %d samples in %s after %s (last: %v)\n%s", pattern, n, dir, within, last, stderr)
	return ""
}

// noOutput is the stderr of a host whose stderr the test does not keep.
type noOutput struct{}

func (noOutput) String() string { return "" }

func sampleWithID(l *evallog.EvalLog, id evallog.SampleID) evallog.EvalSample {
	for _, s := range l.Samples {
		if s.ID == id {
			return s
		}
	}
	return evallog.EvalSample{}
}

// rawSamples returns each sample of a log file as the bytes written, by
// "id/epoch".
func rawSamples(t *testing.T, data []byte) map[string]string {
	t.Helper()
	var doc struct {
		Samples []json.RawMessage `json:"samples"`
	}
	require.NoError(t, json.Unmarshal(data, &doc))
	out := map[string]string{}
	for _, raw := range doc.Samples {
		var key struct {
			ID    any `json:"id"`
			Epoch int `json:"epoch"`
		}
		require.NoError(t, json.Unmarshal(raw, &key))
		out[fmt.Sprintf("%v/%d", key.ID, key.Epoch)] = string(raw)
	}
	return out
}

// TestCtrlCThenResume interrupts a run with Ctrl-C (SIGINT): the log ends
// "cancelled" with the finished samples and those the operator cut short
// (stop reason "operator"). Resuming runs the cut-short and never-started
// samples, replacing the cut-short entries, and keeps the others.
func TestCtrlCThenResume(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bin := builtHost(t)
	logDir := filepath.Join(dir, "logs")
	cmd := exec.Command(bin, "run", repoPath("host", "e2e", "testdata", "eval", "slow.hcl"), "--log-dir", logDir, "--log-format", "json",
		"--max-samples", "2", "--json")
	cmd.Env = append(os.Environ(), "SWARMHOST_PLUGIN_PATH="+clitest.PluginDir, "TMPDIR="+dir)
	require.NoError(t, cmd.Start())
	path := waitForSamples(t, logDir, "*.json", 2, 60*time.Second, noOutput{})
	require.NoError(t, cmd.Process.Signal(syscall.SIGINT))
	_ = cmd.Wait()

	cancelled, err := evallog.Read(path)
	require.NoError(t, err)
	assert.Equal(t, evallog.StatusCancelled, cancelled.Status)
	kept := map[evallog.SampleID]string{}
	for _, s := range cancelled.Samples {
		if !resume.CutShort(&s) {
			kept[s.ID] = s.UUID
		}
	}
	require.Less(t, len(kept), 6)

	code, sum, errOut := runJSON(t, "--resume", path)
	require.Equal(t, cli.ExitOK, code, errOut)
	assert.Equal(t, float64(len(kept)), sum["resumed"])
	done, err := evallog.Read(path)
	require.NoError(t, err)
	assert.Equal(t, evallog.StatusSuccess, done.Status)
	require.Len(t, done.Samples, 6)
	for _, s := range done.Samples {
		assert.False(t, resume.CutShort(&s), "sample %v", s.ID)
		if uuid, ok := kept[s.ID]; ok {
			assert.Equal(t, uuid, s.UUID, "finished sample %v kept", s.ID)
		}
	}
	validateLogFile(t, path)
}
