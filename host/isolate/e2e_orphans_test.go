package isolate_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/internal/proctest"
	"github.com/swarmhost/swarmhost/host/isolate"
	"github.com/swarmhost/swarmhost/host/isolate/isolatetest"
)

// TestNoOrphansWhenTheHostIsKilled SIGKILLs a swarmhost running untrusted
// plugins and tool commands (one escaped with setsid) and finds none of
// them left: each sandbox's init dies with the host, and its pid namespace
// with it.
func TestNoOrphansWhenTheHostIsKilled(t *testing.T) {
	t.Parallel()
	isolatetest.RequireTier(t, isolate.TierNamespaces)
	swarmhost, pluginDir := binaries(t)
	// Private copies, so that only this test's processes run from them.
	dir := t.TempDir()
	host, plugs := filepath.Join(dir, "bin", "swarmhost"), filepath.Join(dir, "plugins")
	require.NoError(t, os.MkdirAll(filepath.Dir(host), 0o755))
	require.NoError(t, os.MkdirAll(plugs, 0o755))
	require.NoError(t, os.Link(swarmhost, host))
	entries, err := os.ReadDir(pluginDir)
	require.NoError(t, err)
	for _, e := range entries {
		require.NoError(t, os.Link(filepath.Join(pluginDir, e.Name()), filepath.Join(plugs, e.Name())))
	}
	m := marker()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "suite.hcl"), []byte(orphanSuite(m)), 0o644))
	cmd := exec.Command(host, "run", filepath.Join(dir, "suite.hcl"), "--log-dir", filepath.Join(dir, "logs"))
	cmd.Env = append(os.Environ(), "SWARMHOST_PLUGIN_PATH="+plugs)
	require.NoError(t, cmd.Start())
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()

	require.Eventually(t, func() bool { return len(proctest.Sleepers(m)) >= 2 }, 30*time.Second, 50*time.Millisecond,
		"the tool command never started")
	require.NotEmpty(t, procsFrom(plugs), "plugins are running")
	require.NotEmpty(t, procsFrom(host), "sandbox inits are running")
	require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
	<-done

	assert.Eventually(t, func() bool {
		return len(proctest.Sleepers(m)) == 0 && len(procsFrom(plugs)) == 0 && len(procsFrom(host)) == 0
	}, 10*time.Second, 50*time.Millisecond, "left behind: tool %v, plugins %v, inits %v",
		proctest.Sleepers(m), procsFrom(plugs), procsFrom(host))
}

// procsFrom lists live processes whose executable is path or lies under it.
func procsFrom(path string) []int {
	entries, _ := os.ReadDir("/proc")
	var out []int
	for _, e := range entries {
		exe, err := os.Readlink("/proc/" + e.Name() + "/exe")
		if err != nil || (exe != path && !strings.HasPrefix(exe, path+"/")) {
			continue
		}
		pid, _ := strconv.Atoi(e.Name())
		stat, _ := os.ReadFile("/proc/" + e.Name() + "/stat")
		if len(stat) > 0 && !proctest.Zombie(string(stat)) {
			out = append(out, pid)
		}
	}
	return out
}

// orphanSuite runs a scripted member whose tool command leaves a setsid
// sleeper and waits on another, under an untrusted agent, controller and
// scorer.
func orphanSuite(m string) string {
	return `model "default" {
  provider = "mockllm"
}
task "t" {
  dataset {
    sample {
      id     = "s"
      input  = "q"
      target = "42"
    }
  }
  scorer "match" {}
  sandbox "local" {}
}
swarm "s" {
  member "scripted" {
    tools = ["exec"]
    config {
      steps = [{ action = "exec", command = ["sh", "-c", "setsid sleep ` + m + ` & sleep ` + m + `"] },
        { action = "submit", answer = "42" }]
    }
  }
}
eval "e" {
  task  = task.t
  swarm = swarm.s
}
`
}
