package plugins

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"

	"github.com/swarmhost/swarmhost/host/isolate"
	"github.com/swarmhost/swarmhost/host/isolate/isolatetest"
)

// TestStubbornPluginIsKilled: a plugin that ignores SIGTERM and go-plugin's
// shutdown is SIGKILLed once the grace period is over, trusted or not.
func TestStubbornPluginIsKilled(t *testing.T) {
	t.Parallel()
	for _, trust := range []string{Trusted, Untrusted} {
		t.Run(trust, func(t *testing.T) {
			t.Parallel()
			if trust == Untrusted {
				isolatetest.RequireTier(t, isolate.TierNamespaces)
			}
			b := install(t, "swarmhost-scorer-stubborn")
			b.Trust = trust
			m := NewManager(nil, Options{KillTimeout: 500e6})
			p, err := m.Start(context.Background(), b)
			require.NoError(t, err)
			m.Close()
			requireGone(t, p.Pid())
		})
	}
}

// nsLastPid is where the kernel keeps the last pid it handed out in the
// initial pid namespace; writing it (root only) chooses the next one.
const nsLastPid = "/proc/sys/kernel/ns_last_pid"

// pidMax is the machine's pid_max.
func pidMax(t *testing.T) int {
	b, err := os.ReadFile("/proc/sys/kernel/pid_max")
	require.NoError(t, err)
	n, err := strconv.Atoi(string(b[:len(b)-1]))
	require.NoError(t, err)
	return n
}

// plantCanary tries to start a process with exactly pid, leading its own
// process group (so that a kill of the old group id would reach it); it
// returns nil when another process took the pid first.
func plantCanary(t *testing.T, mu *sync.Mutex, pid int) *exec.Cmd {
	t.Helper()
	mu.Lock()
	defer mu.Unlock()
	for range 5 {
		if err := os.WriteFile(nsLastPid, []byte(strconv.Itoa(pid-1)), 0); err != nil {
			t.Skipf("cannot choose pids (%v): this test needs root in the initial pid namespace", err)
		}
		c := exec.Command("sleep", "300")
		c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		require.NoError(t, c.Start())
		if c.Process.Pid == pid {
			t.Cleanup(func() { _ = c.Process.Kill(); _ = c.Wait() })
			return c
		}
		_ = c.Process.Kill()
		_ = c.Wait()
	}
	return nil
}

// exited reports whether the canary (a child of this test) has exited,
// without reaping it.
func exited(t *testing.T, c *exec.Cmd) bool {
	fd, err := unix.PidfdOpen(c.Process.Pid, 0)
	require.NoError(t, err)
	defer unix.Close(fd)
	var info unix.Siginfo
	err = unix.Waitid(unix.P_PIDFD, fd, &info, unix.WEXITED|unix.WNOHANG|unix.WNOWAIT, nil)
	require.NoError(t, err)
	return info.Signo != 0
}

// TestKillsReachOnlyHeldProcesses starts and stops plugins, trusted and
// sandboxed, while the pid space wraps (the test moves ns_last_pid near
// pid_max between rounds); after each stop it plants a canary of its own at
// the plugin's old pid, leading a group of that id, and runs every kill
// path again (the hard kill, the runner's Kill, Close, KillAll). No canary
// may die: a kill reaches only a process the host still holds. The test
// signals only processes it started itself.
func TestKillsReachOnlyHeldProcesses(t *testing.T) { // not parallel: it calls KillAll and moves ns_last_pid
	if os.Geteuid() != 0 {
		t.Skip("choosing pids needs root")
	}
	max := pidMax(t)
	var mu sync.Mutex
	planted := 0
	for round := range 24 {
		trust := []string{Trusted, Untrusted}[round%2]
		if trust == Untrusted && isolate.Default().Tier() != isolate.TierNamespaces {
			continue
		}
		if round%4 == 0 { // wrap: the next pids come from the bottom of the range again
			mu.Lock()
			require.NoError(t, os.WriteFile(nsLastPid, []byte(strconv.Itoa(max-8)), 0))
			mu.Unlock()
		}
		b := install(t, "swarmhost-scorer-good")
		b.Trust = trust
		m := NewManager(nil, Options{KillTimeout: 1e9})
		p, err := m.Start(context.Background(), b)
		require.NoError(t, err)
		pid := p.Pid()
		m.Close()
		<-p.Done()
		requireGone(t, pid)
		canary := plantCanary(t, &mu, pid)
		if canary == nil {
			continue
		}
		planted++
		p.hardKill()
		p.killRunner()
		p.stop(1e9)
		m.Close()
		KillAll()
		assert.False(t, exited(t, canary), "round %d (%s): a kill after the reap reached pid %d, which the host no longer held",
			round, trust, pid)
	}
	t.Logf("planted %d canaries at reused pids", planted)
	require.Positive(t, planted, "no pid could be reused, so the test proves nothing")
}

// TestHeldSignalsNothingAfterReap is the same at the smallest scale: once
// Reap has run, Kill and Signal reach nothing, even a process that took
// the id over.
func TestHeldSignalsNothingAfterReap(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("choosing pids needs root")
	}
	var mu sync.Mutex
	c := exec.Command("true")
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	require.NoError(t, c.Start())
	h, err := isolate.Hold(c.Process)
	require.NoError(t, err)
	require.NoError(t, h.AwaitExit())
	require.NoError(t, h.Reap(c.Wait))
	canary := plantCanary(t, &mu, h.Pid())
	if canary == nil {
		t.Skip("another process took the pid")
	}
	h.Kill()
	assert.True(t, errors.Is(h.Signal(unix.SIGKILL), os.ErrProcessDone))
	assert.False(t, exited(t, canary), "a kill after the reap reached the canary")
}
