package plugins

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestKillUnder: the leak sweep's kill reaches a process running a binary
// under the test root and leaves one running a binary elsewhere alone.
func TestKillUnder(t *testing.T) {
	sleep, err := exec.LookPath("sleep")
	require.NoError(t, err)
	sleep, err = filepath.EvalSymlinks(sleep)
	require.NoError(t, err)
	data, err := os.ReadFile(sleep)
	require.NoError(t, err)
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	inside := filepath.Join(dir, "sleep")
	require.NoError(t, os.WriteFile(inside, data, 0o755))

	cases := []struct {
		name   string
		path   string
		killed bool
	}{
		{"binary under the root", inside, true},
		{"binary elsewhere", sleep, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(c.path, "30")
			require.NoError(t, cmd.Start())
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			t.Cleanup(func() { _ = cmd.Process.Kill(); <-done })
			require.Eventually(t, func() bool {
				exe, err := os.Readlink("/proc/" + strconv.Itoa(cmd.Process.Pid) + "/exe")
				return err == nil && exe == c.path
			}, 5*time.Second, 10*time.Millisecond, "the process runs its binary")
			killUnder(cmd.Process.Pid, dir)
			select {
			case <-done:
				done <- nil
				assert.True(t, c.killed, "killed a process outside the root")
			case <-time.After(500 * time.Millisecond):
				assert.False(t, c.killed, "the process under the root is still running")
			}
		})
	}
}
