package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/client"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/internal/clitest"
	"github.com/swarmhost/swarmhost/host/sandbox/docker"
)

// TestKilledHostContainersSwept runs the real binary on a container suite,
// SIGKILLs it while its members wait in their containers, checks that the
// containers outlive it, and that the next swarmhost with a docker sandbox
// removes them before it runs anything.
func TestKilledHostContainersSwept(t *testing.T) {
	needContainers(t, "localhost/swarmhost-busybox:2")
	dir := t.TempDir()
	bin := builtHost(t)
	cmd := exec.Command(bin, "run", repoPath("host", "e2e", "testdata", "containers"), "--log-dir", filepath.Join(dir, "logs"))
	tmp, err := os.MkdirTemp("", "kc") // short: plugins' socket paths live in it
	require.NoError(t, err)
	t.Cleanup(func() { _ = os.RemoveAll(tmp) })
	cmd.Env = append(os.Environ(), "SWARMHOST_PLUGIN_PATH="+clitest.PluginDir, "TMPDIR="+tmp)
	var stderr clitest.SyncBuffer // read while the process writes it
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	pid := cmd.Process.Pid
	exited := make(chan struct{})
	go func() {
		_ = cmd.Wait()
		close(exited)
	}()
	dc, err := client.NewClientWithOpts(client.FromEnv, client.WithAPIVersionNegotiation())
	require.NoError(t, err)
	defer dc.Close()
	// The killed host cannot remove its sandbox root; the test does (tmp).
	left := func() int {
		list, err := dc.ContainerList(t.Context(), container.ListOptions{All: true,
			Filters: filters.NewArgs(filters.Arg("label", docker.LabelOwner))})
		require.NoError(t, err)
		n := 0
		for _, c := range list {
			if ownerPid(c.Labels[docker.LabelOwner]) == pid {
				n++
			}
		}
		return n
	}
	deadline := time.Now().Add(2 * time.Minute)
	for left() < 3 && time.Now().Before(deadline) {
		select {
		case <-exited:
			t.Fatalf("swarmhost ended before the test killed it: %s", stderr.String())
		case <-time.After(100 * time.Millisecond):
		}
	}
	require.Equal(t, 3, left(), "the default container and each member's: %s", stderr.String())
	require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
	<-exited
	assert.Equal(t, 3, left(), "a killed host leaves its containers")
	code, _, errOut := runCLI(t, "run", repoPath("examples", "shared-sandbox", "containers"), "--log-dir", t.TempDir())
	require.Equal(t, cli.ExitOK, code, errOut)
	assert.Zero(t, left(), "the next run swept them")
}

// ownerPid is the pid in a swarmhost.owner label (host/pid/start), or -1.
func ownerPid(owner string) int {
	parts := strings.Split(owner, "/")
	if len(parts) != 3 {
		return -1
	}
	pid, err := strconv.Atoi(parts[1])
	if err != nil {
		return -1
	}
	return pid
}
