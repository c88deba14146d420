package isolate

import (
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

// siginfoPid reads the pid waitid reports for an exited child, which stays
// unreaped (WNOWAIT) until cmd.Wait reaps it.
func TestSiginfoPid(t *testing.T) {
	t.Parallel()
	cmd := exec.Command("true")
	require.NoError(t, cmd.Start())
	var info unix.Siginfo
	for {
		err := unix.Waitid(unix.P_PID, cmd.Process.Pid, &info, unix.WEXITED|unix.WNOWAIT, nil)
		if err != unix.EINTR {
			require.NoError(t, err)
			break
		}
	}
	assert.Equal(t, cmd.Process.Pid, siginfoPid(&info))
	require.NoError(t, cmd.Wait(), "still unreaped: Wait reaps it")
}
