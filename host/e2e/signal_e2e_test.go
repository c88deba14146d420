package e2e

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/internal/clitest"
)

// TestCtrlCFinishesTheLogAndKillsPlugins runs the real binary, interrupts
// it mid-sample and checks the log and that no plugin process is left.
func TestCtrlCFinishesTheLogAndKillsPlugins(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bin := builtHost(t)
	logDir := filepath.Join(dir, "logs")
	cmd := exec.Command(bin, "run", repoPath("host", "e2e", "testdata", "signal", "hang.hcl"), "--log-dir", logDir, "--log-format", "json", "--json")
	plugins := copyPlugins(t, filepath.Join(dir, "plugins"))
	cmd.Env = append(os.Environ(), "SWARMHOST_PLUGIN_PATH="+plugins)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	require.NoError(t, cmd.Start())
	waitForFile(t, logDir, 10*time.Second)
	time.Sleep(500 * time.Millisecond) // let the member start and hang
	require.NoError(t, cmd.Process.Signal(syscall.SIGINT))
	err := cmd.Wait()
	var exitErr *exec.ExitError
	require.ErrorAs(t, err, &exitErr, "stderr: %s", errOut.String())
	assert.Equal(t, cli.ExitFailed, exitErr.ExitCode(), errOut.String())

	var sum map[string]any
	require.NoError(t, json.Unmarshal(out.Bytes(), &sum), out.String())
	assert.Equal(t, "cancelled", sum["status"])
	l, err := evallog.Read(sum["log"].(string))
	require.NoError(t, err)
	assert.Equal(t, evallog.StatusCancelled, l.Status)
	require.Len(t, l.Samples, 1)
	rec := readRecord(t, l.Samples[0])
	assert.Equal(t, map[string]string{"stubborn": "cancelled"}, statuses(rec))
	assert.True(t, rec.Final.Provisional)
	_, endedBy := ledgerEnding(t, l.Samples[0])
	assert.Equal(t, "operator", endedBy, "the ledger says the operator ended the sample")
	assert.Empty(t, processesUnder(plugins), "plugin processes left after Ctrl-C")
}

func waitForFile(t *testing.T, dir string, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for time.Now().Before(deadline) {
		if m, _ := filepath.Glob(filepath.Join(dir, "*.json")); len(m) > 0 {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no log appeared in %s", dir)
}

// copyPlugins copies the package's plugin binaries into dir, so that a test
// can tell its own plugin processes from those of parallel tests.
func copyPlugins(t *testing.T, dir string) string {
	t.Helper()
	require.NoError(t, os.MkdirAll(dir, 0o755))
	entries, err := os.ReadDir(clitest.PluginDir)
	require.NoError(t, err)
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(clitest.PluginDir, e.Name()))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, e.Name()), b, 0o755))
	}
	return dir
}

// processesUnder lists live processes running a binary from dir.
func processesUnder(dir string) []string {
	var live []string
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		exe, err := os.Readlink(filepath.Join("/proc", e.Name(), "exe"))
		if err != nil || !strings.HasPrefix(exe, dir) {
			continue
		}
		stat, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if fields := strings.Fields(string(stat)); len(fields) > 2 && fields[2] == "Z" {
			continue // a zombie has exited; this container's pid 1 may not reap it
		}
		live = append(live, e.Name()+" "+exe)
	}
	return live
}
