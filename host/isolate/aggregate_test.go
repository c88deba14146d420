package isolate_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/isolate"
	"github.com/swarmhost/swarmhost/host/isolate/isolatetest"
)

// runSpec runs spec in a sandbox and returns its exit code and output.
func runSpec(t *testing.T, l *isolate.Launcher, spec isolate.Spec) (int, string, string) {
	t.Helper()
	cmd, err := l.Command(spec)
	require.NoError(t, err)
	defer cmd.Cleanup()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, isolate.Start(cmd.Cmd))
	_ = cmd.Wait()
	return cmd.ProcessState.ExitCode(), stdout.String(), stderr.String()
}

// eachTier runs f under TierNamespaces and under TierLandlock.
func eachTier(t *testing.T, f func(t *testing.T, l *isolate.Launcher)) {
	l := isolatetest.RequireTier(t, isolate.TierNamespaces)
	for _, tier := range []isolate.Tier{isolate.TierNamespaces, isolate.TierLandlock} {
		t.Run(string(tier), func(t *testing.T) {
			t.Parallel()
			lt, err := l.WithTier(tier)
			require.NoError(t, err)
			f(t, lt)
		})
	}
}

// TestMemoryIsBoundedAsAWhole: three processes, each well under the
// per-process limit, together over it: the sandbox is killed, saying why.
func TestMemoryIsBoundedAsAWhole(t *testing.T) {
	t.Parallel()
	eachTier(t, testMemoryBound)
}

func testMemoryBound(t *testing.T, l *isolate.Launcher) {
	script := "import subprocess\n" +
		"kids = [subprocess.Popen(['/usr/bin/python3', '-c', 'import time; b = b\"x\" * (100 << 20); time.sleep(30)']) for _ in range(3)]\n" +
		"[k.wait() for k in kids]\nprint('ESCAPED')\n"
	code, stdout, stderr := runSpec(t, l, isolate.Spec{Path: "/usr/bin/python3", Args: []string{"python3", "-c", script},
		// Each process may map 2 GiB (the init too: a race-detector build
		// needs it), all together may hold 256 MiB.
		Limits: isolate.Limits{MemoryBytes: 2 << 30, TotalMemoryBytes: 256 << 20}})
	assert.NotContains(t, stdout, "ESCAPED")
	assert.NotZero(t, code)
	assert.Contains(t, stderr, "of memory in all, over the sandbox's limit of 256.0 MiB")
}

// TestProcessesAreBoundedAsAWhole: more tasks at once than the limit, each
// process far from it: killed, saying why.
func TestProcessesAreBoundedAsAWhole(t *testing.T) {
	t.Parallel()
	eachTier(t, testProcessBound)
}

func testProcessBound(t *testing.T, l *isolate.Launcher) {
	code, stdout, stderr := runSpec(t, l, isolate.Spec{Path: "/bin/sh",
		Args:   []string{"sh", "-c", "for i in $(seq 40); do sleep 30 & done; sleep 5; echo ESCAPED"},
		Limits: isolate.Limits{Processes: 32}})
	assert.NotContains(t, stdout, "ESCAPED")
	assert.NotZero(t, code)
	assert.Regexp(t, `processes and threads at once, over the sandbox's limit of 32|fork|Resource temporarily unavailable`, stderr)
}

// TestTmpfsWritesNeverReachTheHost: what a program writes to a Tmpfs path
// stays in memory, capped, and the host directory stays empty.
func TestTmpfsWritesNeverReachTheHost(t *testing.T) {
	t.Parallel()
	l := isolatetest.RequireTier(t, isolate.TierNamespaces)
	dir := filepath.Join(t.TempDir(), "work")
	require.NoError(t, os.Mkdir(dir, 0o755))
	code, stdout, _ := runSpec(t, l, isolate.Spec{Path: "/bin/sh", Dir: dir, Tmpfs: []string{dir},
		Args:   []string{"sh", "-c", "echo kept > small && cat small && head -c 64M /dev/zero > big || echo capped"},
		Limits: isolate.Limits{ScratchBytes: 16 << 20}})
	assert.Zero(t, code)
	assert.Equal(t, "kept\ncapped\n", stdout)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Empty(t, entries, "nothing was written to the host's directory")
}
