package plugins

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"

	"github.com/swarmhost/swarmhost/host/internal/proctest"
)

// testPlugins maps each testdata directory to the binary name it is built
// as; TestMain builds them once into binDir.
var testPlugins = map[string]string{
	"good":      "swarmhost-scorer-good",
	"junk":      "swarmhost-scorer-junk",
	"v2only":    "swarmhost-scorer-v2only",
	"exit1":     "swarmhost-scorer-exit1",
	"levels":    "swarmhost-scorer-levels",
	"spawner":   "swarmhost-scorer-spawner",
	"bare":      "swarmhost-agent-bare",
	"dialer":    "swarmhost-scorer-dialer",
	"stubborn":  "swarmhost-scorer-stubborn",
	"pingflood": "swarmhost-scorer-pingflood",
}

// testScripts are written next to the built plugins before any test runs
// (writing an executable while other tests fork risks ETXTBSY).
var testScripts = map[string]string{
	"swarmhost-scorer-badinterp": "#!/nonexistent/interpreter\n",
	"swarmhost-scorer-slow":      "#!/bin/sh\nsleep 30 &\necho $! > \"$0.child\"\nwait\n",
}

var (
	// testRoot holds every binary the tests run; no process may be left
	// running from it when the tests end.
	testRoot string
	binDir   string
)

// fakeHostEnv makes the test binary act as a host that starts one plugin,
// prints its pid and blocks (see TestPluginDiesWithHost).
const fakeHostEnv = "SWARMHOST_PLUGINS_TEST_FAKE_HOST"

func TestMain(m *testing.M) {
	if path := os.Getenv(fakeHostEnv); path != "" {
		fakeHost(path)
		return
	}
	os.Exit(runTests(m))
}

func runTests(m *testing.M) int {
	root, err := os.MkdirTemp("", "swarmhost-plugins-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(root)
	testRoot, _ = filepath.EvalSymlinks(root)
	binDir = filepath.Join(testRoot, "bin")
	// The digest cache of every host these tests start, and of this one: in
	// the test root, not the user's (and in use, so that every swap, pin and
	// manifest test also runs against it).
	os.Setenv("XDG_CACHE_HOME", filepath.Join(testRoot, "cache"))
	if err := buildTestPlugins(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	code := m.Run()
	if leaks := lingering(testRoot, 10*time.Second); len(leaks) > 0 {
		fmt.Fprintf(os.Stderr, "FAIL: plugin processes left running: %v\n", leaks)
		for _, pid := range leaks {
			killUnder(pid, testRoot)
		}
		code = 1
	}
	return code
}

// lingering lists the live processes under root that are still alive after
// grace. A test's Close sends the kill and returns before the kernel has
// ended the process (and a start cut short is killed by its cancelled
// launch), so a process on its way out is waited for; only one that stays
// was left running.
func lingering(root string, grace time.Duration) []int {
	deadline := time.Now().Add(grace)
	for {
		pids := procsUnder(root)
		if len(pids) == 0 || time.Now().After(deadline) {
			return pids
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// buildTestPlugins compiles testdata/* in one go command, then names each
// binary swarmhost-<kind>-<name> and writes the scripts.
func buildTestPlugins() error {
	args := []string{"build", "-o", binDir + "/"}
	for dir := range testPlugins {
		args = append(args, "./testdata/"+dir)
	}
	if out, err := exec.Command("go", args...).CombinedOutput(); err != nil {
		return fmt.Errorf("build test plugins: %v\n%s", err, out)
	}
	for dir, name := range testPlugins {
		if err := os.Rename(filepath.Join(binDir, dir), filepath.Join(binDir, name)); err != nil {
			return err
		}
	}
	for name, script := range testScripts {
		if err := os.WriteFile(filepath.Join(binDir, name), []byte(script), 0o755); err != nil {
			return err
		}
	}
	return nil
}

// install hard-links a built test plugin into a fresh directory under
// testRoot (so per-test side files such as <exe>.starts do not collide)
// and resolves it as Discover would.
func install(t *testing.T, file string) Binary {
	t.Helper()
	dir, err := os.MkdirTemp(testRoot, "t-")
	require.NoError(t, err)
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	require.NoError(t, os.Link(filepath.Join(binDir, file), filepath.Join(dir, file)))
	kind, name, ok := ParseBinaryName(file)
	require.True(t, ok, file)
	b, err := Discover(kind, name, nil, []string{dir})
	require.NoError(t, err)
	return b
}

// newTestManager returns a Manager closed when the test ends.
func newTestManager(t *testing.T, opts Options) *Manager {
	t.Helper()
	if opts.KillTimeout == 0 {
		opts.KillTimeout = time.Second
	}
	m := NewManager(nil, opts)
	t.Cleanup(m.Close)
	return m
}

// procsUnder lists live processes whose executable lies under root.
func procsUnder(root string) []int {
	entries, _ := os.ReadDir("/proc")
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		exe, err := os.Readlink("/proc/" + e.Name() + "/exe")
		if err == nil && strings.HasPrefix(exe, root+"/") && proctest.Alive(pid) {
			pids = append(pids, pid)
		}
	}
	return pids
}

// killUnder sends SIGKILL to pid through a pidfd, and only when the
// process the pidfd holds still runs a binary under root: a pid read from
// /proc may have been reused by another process since, and the check after
// the open makes the signal reach the very process that was checked.
func killUnder(pid int, root string) {
	fd, err := unix.PidfdOpen(pid, 0)
	if err != nil {
		return
	}
	defer unix.Close(fd)
	exe, err := os.Readlink("/proc/" + strconv.Itoa(pid) + "/exe")
	if err != nil || !strings.HasPrefix(exe, root+"/") {
		return
	}
	_ = unix.PidfdSendSignal(fd, unix.SIGKILL, nil, 0)
}

// childPid reads the pid a test plugin wrote to <exe>.child, or 0.
func childPid(t *testing.T, b Binary) int {
	t.Helper()
	data, err := os.ReadFile(b.Path + ".child")
	if err != nil {
		return 0
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	require.NoError(t, err)
	return pid
}

// requireGone waits for pid to die.
func requireGone(t *testing.T, pid int) {
	t.Helper()
	require.Eventually(t, func() bool { return !proctest.Alive(pid) }, 10*time.Second, 10*time.Millisecond, "pid %d still alive", pid)
}

// fakeHost starts the plugin at path, prints its pid and waits to be killed.
func fakeHost(path string) {
	kind, name, _ := ParseBinaryName(filepath.Base(path))
	m := NewManager(nil, Options{})
	p, err := m.Start(context.Background(), Binary{Kind: kind, Name: name, Path: path})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	w := bufio.NewWriter(os.Stdout)
	fmt.Fprintln(w, p.Pid())
	_ = w.Flush()
	select {}
}
