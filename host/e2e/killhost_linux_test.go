//go:build linux

package e2e

import (
	"errors"
	"fmt"
	"os/exec"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

// cldStopped is siginfo's si_code for a child that stopped (CLD_STOPPED).
const cldStopped = 5

// killAtSamples SIGKILLs cmd's host once its log in dir (pattern:
// logWithSamples) reads whole with at least n samples, and returns the
// log's path. It stops the host (SIGSTOP, and waits until it has stopped)
// before it reads the log, so the log it read is the log the kill leaves —
// never one cut in the middle of a sample the host was appending; while the
// log is short or being written it lets the host go on (SIGCONT).
func killAtSamples(t *testing.T, cmd *exec.Cmd, dir, pattern string, n int, within time.Duration, stderr fmt.Stringer) string {
	t.Helper()
	deadline := time.Now().Add(within)
	var last error
	for time.Now().Before(deadline) {
		waitForSamples(t, dir, pattern, n, time.Until(deadline), stderr)
		stopHost(t, cmd, stderr)
		path, err := logWithSamples(dir, pattern, n)
		if err == nil {
			require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
			_ = cmd.Wait()
			return path
		}
		last = err
		require.NoError(t, cmd.Process.Signal(syscall.SIGCONT))
	}
	t.Fatalf("the host was never stopped with a whole log of %d samples in %s (last: %v)\n%s", n, dir, last, stderr)
	return ""
}

// stopHost sends cmd's process SIGSTOP and returns once it has stopped
// (waitid, leaving its exit, if any, for cmd.Wait); a host that ended
// instead fails the test.
func stopHost(t *testing.T, cmd *exec.Cmd, stderr fmt.Stringer) {
	t.Helper()
	require.NoError(t, cmd.Process.Signal(syscall.SIGSTOP))
	var info unix.Siginfo
	for {
		err := unix.Waitid(unix.P_PID, cmd.Process.Pid, &info, unix.WSTOPPED|unix.WEXITED|unix.WNOWAIT, nil)
		if !errors.Is(err, unix.EINTR) {
			require.NoError(t, err)
			break
		}
	}
	require.Equal(t, int32(cldStopped), info.Code, "the host ended before the test could kill it\n%s", stderr)
}
