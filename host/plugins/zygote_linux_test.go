package plugins

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"

	"github.com/swarmhost/swarmhost/host/isolate"
	"github.com/swarmhost/swarmhost/host/isolate/isolatetest"
)

// TestZygoteForksPoolWorkers: the workers of a trusted Python plugin's
// pool are forks of one zygote, which ran the plugin's warm-up once (and
// froze what it made out of the garbage collector's reach); each
// makes its own handshake and serves its own calls, with the environment
// go-plugin built for it; a worker that crashed is forked again from the
// same zygote; Close leaves none of them running.
func TestZygoteForksPoolWorkers(t *testing.T) {
	t.Setenv(PythonEnvVar, testVenvPython(t))
	ctx := context.Background()
	b := installPython(t, "swarmhost-scorer-pyprobe")
	b.Workers = 2
	m := newTestManager(t, Options{})
	m.WarmPool(b)
	var workers []*Process
	for i := range 2 {
		p, err := m.Start(ctx, Worker(b, i))
		require.NoError(t, err)
		workers = append(workers, p)
	}
	zyg := parentPid(t, workers[0].Pid())
	assert.NotEqual(t, os.Getpid(), zyg, "forked by the zygote, not started by the host")
	assert.Equal(t, zyg, parentPid(t, workers[1].Pid()), "both workers from one zygote")
	assert.NotEqual(t, workers[0].Pid(), workers[1].Pid())
	assert.Equal(t, []string{strconv.Itoa(zyg)}, warms(t, b), "the warm-up ran once, in the zygote")
	for _, p := range workers {
		assert.Equal(t, p.Pid(), pgid(t, p.Pid()), "each worker leads its own process group")
		report := probeScore(t, m, p.Binary())
		assert.Contains(t, report.Env, "PLUGIN_UNIX_SOCKET_DIR", "go-plugin's environment for this worker")
		assert.NotContains(t, report.Env, "SWARMHOST_PLUGIN_ZYGOTE_FD")
		assert.Positive(t, report.Frozen, "the zygote froze its warm-up's objects out of the collector before forking")
	}

	workers[1].killRunner() // a crash
	<-workers[1].Done()
	again, err := m.Start(ctx, Worker(b, 1))
	require.NoError(t, err)
	assert.NotEqual(t, workers[1].Pid(), again.Pid(), "relaunched")
	assert.Equal(t, zyg, parentPid(t, again.Pid()), "forked again by the same zygote")
	assert.Len(t, warms(t, b), 1, "no second warm-up")
	probeEnv(t, m, again.Binary())

	held := pidfds(t, zyg, workers[0].Pid(), again.Pid())
	m.Close()
	for pid, fd := range held {
		n, err := unix.Poll([]unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}, 0)
		require.NoError(t, err)
		assert.Equal(t, 1, n, "process %d has exited", pid)
	}
}

// TestZygoteFallback: a Python plugin whose serve does not fork (an SDK
// from before zygotes; here the plugin hides the variable from it) serves
// at once when started as a zygote: the pool then starts each worker as a
// process of its own, which works as before.
func TestZygoteFallback(t *testing.T) {
	t.Setenv(PythonEnvVar, testVenvPython(t))
	ctx := context.Background()
	b := installPython(t, "swarmhost-scorer-pyprobe")
	data, err := os.ReadFile(b.Path)
	require.NoError(t, err)
	hidden := strings.Replace(string(data), "\nimport json\n", "\nimport json\nimport os as _os\n_os.environ.pop(\"SWARMHOST_PLUGIN_ZYGOTE_FD\", None)\n", 1)
	require.NoError(t, os.WriteFile(b.Path, []byte(hidden), 0o755))
	b, err = Discover(b.Kind, b.Name, nil, []string{filepath.Dir(b.Path)}) // its new digest
	require.NoError(t, err)
	b.Workers = 2
	m := newTestManager(t, Options{})
	for i := range 2 {
		p, err := m.Start(ctx, Worker(b, i))
		require.NoError(t, err)
		assert.Equal(t, os.Getpid(), parentPid(t, p.Pid()), "worker %d started by the host itself", i)
		probeEnv(t, m, p.Binary())
	}
}

// TestUntrustedPoolHasNoZygote: every worker of an untrusted Python
// plugin's pool is launched in a sandbox of its own, never forked.
func TestUntrustedPoolHasNoZygote(t *testing.T) {
	isolatetest.RequireTier(t, isolate.TierNamespaces)
	python := testVenvPython(t)
	t.Setenv(PythonEnvVar, python)
	b := installPython(t, "swarmhost-scorer-pyprobe")
	b.Trust, b.ReadOnly, b.Workers = Untrusted, []string{venvOf(python), sdkPythonSource(t)}, 2
	m := newTestManager(t, Options{})
	for i := range 2 {
		p, err := m.Start(context.Background(), Worker(b, i))
		require.NoError(t, err)
		cmdline, err := os.ReadFile("/proc/" + strconv.Itoa(p.Pid()) + "/cmdline")
		require.NoError(t, err)
		assert.Contains(t, string(cmdline), isolate.InitArg, "worker %d: the host started its sandbox", i)
		assert.Equal(t, os.Getpid(), parentPid(t, p.Pid()))
	}
	m.mu.Lock()
	assert.Empty(t, m.zygotes, "no zygote for an untrusted plugin")
	m.mu.Unlock()
}

// probeEnv scores once on b's process and returns the environment's keys
// the probe reports.
func probeEnv(t *testing.T, m *Manager, b Binary) []string {
	t.Helper()
	return probeScore(t, m, b).Env
}

// warms lists the pids that ran the probe's warm-up.
func warms(t *testing.T, b Binary) []string {
	t.Helper()
	data, err := os.ReadFile(b.Path + ".warms")
	require.NoError(t, err)
	return strings.Fields(string(data))
}

// parentPid reads pid's parent from /proc.
func parentPid(t *testing.T, pid int) int {
	t.Helper()
	return statField(t, pid, 1)
}

// pgid reads pid's process group from /proc.
func pgid(t *testing.T, pid int) int {
	t.Helper()
	return statField(t, pid, 2)
}

// statField is field i (0 = state) after the command in /proc/pid/stat.
func statField(t *testing.T, pid, i int) int {
	t.Helper()
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	require.NoError(t, err)
	fields := strings.Fields(string(data[strings.LastIndexByte(string(data), ')')+1:]))
	n, err := strconv.Atoi(fields[i])
	require.NoError(t, err)
	return n
}

// pidfds opens a pidfd for each pid, closed when the test ends.
func pidfds(t *testing.T, pids ...int) map[int]int {
	t.Helper()
	out := map[int]int{}
	for _, pid := range pids {
		fd, err := unix.PidfdOpen(pid, 0)
		require.NoError(t, err)
		t.Cleanup(func() { _ = unix.Close(fd) })
		out[pid] = fd
	}
	return out
}

// venvOf is the virtualenv of a venv's interpreter path.
func venvOf(python string) string {
	return strings.TrimSuffix(strings.TrimSuffix(python, "/python"), "/bin")
}

// TestDescribeStartsALoneProcess: listing a pooled Python plugin starts a
// process of its own, not worker 0 forked from a zygote (whose handshake
// waits for the zygote's import), and still answers its metadata.
func TestDescribeStartsALoneProcess(t *testing.T) {
	t.Setenv(PythonEnvVar, testVenvPython(t))
	ctx := context.Background()
	b := installPython(t, "swarmhost-scorer-pyprobe")
	b.Workers = 2
	m := newTestManager(t, Options{})
	infos, protocol, err := m.Describe(ctx, b)
	require.NoError(t, err)
	assert.Contains(t, ServedNames(infos), b.Name)
	assert.Equal(t, ProtocolVersion, protocol)
	p, err := m.Start(ctx, Binary{Kind: b.Kind, Name: b.Name, Path: b.Path, Workers: 1})
	require.NoError(t, err)
	assert.Equal(t, os.Getpid(), parentPid(t, p.Pid()), "started by the host, not forked by a zygote")
	m.mu.Lock()
	assert.Empty(t, m.zygotes, "no zygote was made for a listing")
	m.mu.Unlock()
}
