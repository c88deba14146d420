package e2e

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/internal/clitest"
	"github.com/swarmhost/swarmhost/host/internal/testplugins"
)

// hostBinary is swarmhost built once per package run, for tests that run
// the host as a process of its own (builtHost).
var hostBinary = sync.OnceValues(func() (string, error) {
	bin := filepath.Join(clitest.PluginDir, "swarmhost-under-test")
	return bin, testplugins.GoBuild(testplugins.Root(), bin, "./cmd/swarmhost")
})

// builtHost returns hostBinary's path, failing the test when it did not build.
func builtHost(t *testing.T) string {
	t.Helper()
	bin, err := hostBinary()
	require.NoError(t, err, "build swarmhost")
	return bin
}

// maxHostPeak is the peak resident memory the host may reach in
// TestHostMemoryBoundedByHostileAgents: several times its need for these
// one-sample runs, and a fraction of what the attacks cost before they
// were bounded (873 MiB for a 60 MiB log call).
const maxHostPeak = 320 << 20

// TestHostMemoryBoundedByHostileAgents runs the real host on hostile agents
// — a 60 MiB log call, a 60 MiB prompt, 200 MiB of stdout — and reads its
// peak resident memory (VmHWM, which only grows) from /proc while it runs:
// the host's memory and stderr stay bounded (the agents' own memory is
// theirs: they are other processes).
func TestHostMemoryBoundedByHostileAgents(t *testing.T) {
	t.Parallel()
	bin, err := hostBinary()
	require.NoError(t, err)
	cases := map[string]struct {
		agent string
		n     int
	}{
		"a 60 MiB log call": {agent: "biglog", n: 60 << 20},
		"a 60 MiB prompt":   {agent: "bigprompt", n: 60 << 20},
		"200 MiB of stdout": {agent: "flood", n: 200 << 20},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			suite := hostileSuite(t, hostileAgentSuite(tc.agent, tc.n), "agent-"+tc.agent)
			cmd := exec.Command(bin, "run", suite, "--log-dir", t.TempDir(), "--json")
			cmd.Env = append(os.Environ(), "SWARMHOST_PLUGIN_PATH="+clitest.PluginDir)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			require.NoError(t, cmd.Start())
			peak := watchPeak(cmd.Process.Pid)
			require.NoError(t, cmd.Wait(), stderr.String())
			hwm := peak()
			t.Logf("host peak %d MiB, stderr %d bytes", hwm>>20, stderr.Len())
			require.Positive(t, hwm, "the host's memory was read")
			assert.Less(t, hwm, maxHostPeak, "the host's peak memory")
			assert.Less(t, stderr.Len(), 2<<20, "the host's stderr")
		})
	}
}

// watchPeak follows the VmHWM of pid until it exits; the returned function
// waits for the watcher and gives the last value read, in bytes.
func watchPeak(pid int) func() int {
	var last int
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			v, ok := vmHWM(pid)
			if !ok {
				return
			}
			last = v
			time.Sleep(5 * time.Millisecond)
		}
	}()
	return func() int { <-done; return last }
}

// vmHWM reads a live process's peak resident memory, in bytes; ok is false
// once the process has exited (a zombie has no memory lines).
func vmHWM(pid int) (int, bool) {
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			return kb << 10, err == nil
		}
	}
	return 0, false
}
