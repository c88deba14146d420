package isolate_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
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

// TestProcessesAreBoundedAsAWhole: 8 shells each start 5 sleeps — no
// process has more than 5 children, 40 tasks in all against a bound of 32:
// the sandbox as a whole is stopped. Where the program runs as root in the
// host's user namespace (TierLandlock on a root host) the kernel does not
// enforce RLIMIT_NPROC, so the init's task count alone must kill it, saying
// why. In a sandbox's own user namespace RLIMIT_NPROC counts every task of
// the sandbox user there — itself a sandbox-wide bound, enforced at fork —
// so there either a fork fails with no more than 32 sleeps started, or the
// init's count kills it.
func TestProcessesAreBoundedAsAWhole(t *testing.T) {
	t.Parallel()
	eachTier(t, testProcessBound)
}

// processBound is the sandbox's bound in [TestProcessesAreBoundedAsAWhole].
const processBound = 32

// processBoundScript starts 8 shells that each start a sleep 5 times,
// printing "started" after each fork that succeeded, then waits and prints
// ESCAPED unless stopped. The line follows the fork: the bound is on the
// processes alive at once, and a shell whose fork is refused exits, which
// frees its slot for another shell's next sleep. Printed before the fork,
// as it was, the lines counted refused attempts as well (up to one per
// shell, 8 here), so under load, when the shells' forks interleave with
// their exits, they went past the bound (33-37 > 32) while no more than
// 32 processes ever ran at once. The sleeps outlive the test, so every
// line is a process still alive.
const processBoundScript = "for i in 1 2 3 4 5 6 7 8; do " +
	"sh -c 'for j in 1 2 3 4 5; do sleep 30 & echo started; done; wait' & done; " +
	"sleep 5; echo ESCAPED"

func testProcessBound(t *testing.T, l *isolate.Launcher) {
	code, stdout, stderr := runSpec(t, l, isolate.Spec{Path: "/bin/sh",
		Args:   []string{"sh", "-c", processBoundScript},
		Limits: isolate.Limits{Processes: processBound}})
	const killed = "processes and threads at once, over the sandbox's limit of 32: killing everything in it"
	if strings.Contains(stderr, killed) || (!l.SeparateUser() && os.Geteuid() == 0) {
		assert.Contains(t, stderr, killed, "no rlimit binds root: the init's count stopped it")
		assert.NotContains(t, stdout, "ESCAPED")
		assert.NotZero(t, code)
		return
	}
	// No shell had more than 5 children: only a count of the whole
	// sandbox's tasks can have refused a fork.
	assert.Contains(t, stderr, "Cannot fork")
	assert.LessOrEqual(t, strings.Count(stdout, "started"), processBound,
		"the shells together started no more than the sandbox's bound")
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
