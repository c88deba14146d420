//go:build !linux

package e2e

import (
	"fmt"
	"os/exec"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// killAtSamples SIGKILLs cmd's host once its log in dir holds at least n
// samples and returns the log's path. (Linux stops the host first, so the
// kill never lands mid-append: killhost_linux_test.go.)
func killAtSamples(t *testing.T, cmd *exec.Cmd, dir, pattern string, n int, within time.Duration, stderr fmt.Stringer) string {
	t.Helper()
	path := waitForSamples(t, dir, pattern, n, within, stderr)
	require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
	_ = cmd.Wait()
	return path
}
