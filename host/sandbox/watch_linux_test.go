package sandbox

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/internal/proctest"
)

// TestWatchKeepsLeaderUnreaped: both ways of watching (pidfd, and by pid
// for kernels without pidfds) report the leader's exit while it is still
// an unreaped zombie — its pid, the group id, cannot be reused — so the
// group kill that follows reaches the background process the leader left;
// reap then collects the leader's status.
func TestWatchKeepsLeaderUnreaped(t *testing.T) {
	for name, watcher := range map[string]func(*exec.Cmd) (<-chan struct{}, func()){
		"pidfd":  watch,
		"by pid": watchPid,
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r, w, err := os.Pipe()
			require.NoError(t, err)
			defer r.Close()
			cmd := exec.Command("/bin/sh", "-c", "sleep 600 & echo $!; exit 3")
			cmd.Stdout = w
			cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
			require.NoError(t, cmd.Start())
			w.Close()
			exited, reap := watcher(cmd)
			<-exited
			assert.Equal(t, "Z", procState(t, cmd.Process.Pid), "the leader is reaped before the group kill")
			line := make([]byte, 32)
			n, _ := r.Read(line)
			child, err := strconv.Atoi(strings.TrimSpace(string(line[:n])))
			require.NoError(t, err)
			require.True(t, proctest.Alive(child), "the background sleep should still run before the kill")
			killGroup(cmd.Process.Pid)
			reap()
			assert.Equal(t, 3, exitCode(cmd.ProcessState))
			_, err = os.Stat("/proc/" + strconv.Itoa(cmd.Process.Pid))
			assert.True(t, os.IsNotExist(err), "the leader is reaped by reap")
			for proctest.Alive(child) {
				// SIGKILL is delivered; wait for the kernel to end it
				// (its parent, init, then reaps it).
				_, _ = os.ReadFile("/proc/" + strconv.Itoa(child) + "/stat")
			}
		})
	}
}

// procState is pid's state letter from /proc/PID/stat.
func procState(t *testing.T, pid int) string {
	t.Helper()
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	require.NoError(t, err)
	s := string(b)
	return strings.Fields(s[strings.LastIndexByte(s, ')')+1:])[0]
}
