package isolate_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/internal/testplugins"
)

// built holds the binaries the end-to-end tests run: swarmhost in one
// directory, and the repository's plugins plus the hostile ones in
// another, so that none of them counts as shipped with swarmhost.
var built struct {
	once      sync.Once
	swarmhost string
	plugins   string
	err       error
}

// binaries builds swarmhost and the plugins once per test binary.
func binaries(t *testing.T) (swarmhost, pluginDir string) {
	t.Helper()
	built.once.Do(func() {
		root, err := os.MkdirTemp("", "swarmhost-isolate-e2e-")
		if err != nil {
			built.err = err
			return
		}
		testRoot = root
		built.swarmhost = filepath.Join(root, "host", "swarmhost")
		built.plugins = filepath.Join(root, "plugins")
		built.err = buildAll(built.swarmhost, built.plugins)
	})
	require.NoError(t, built.err)
	return built.swarmhost, built.plugins
}

// testRoot holds everything the end-to-end tests built; TestMain removes
// it.
var testRoot string

func buildAll(swarmhost, pluginDir string) error {
	if err := os.MkdirAll(pluginDir, 0o755); err != nil {
		return err
	}
	repo := testplugins.Root()
	if err := testplugins.GoBuild(repo, swarmhost, "./cmd/swarmhost"); err != nil {
		return err
	}
	if _, err := testplugins.Build(pluginDir); err != nil {
		return err
	}
	for _, kind := range []string{"agent", "controller", "scorer"} {
		out := filepath.Join(pluginDir, "swarmhost-"+kind+"-hostile")
		if err := testplugins.GoBuild(repo, out, "./host/isolate/testdata/hostile/"+kind); err != nil {
			return err
		}
	}
	// The hostile agent again, beside swarmhost only and under another name:
	// a place that once made a plugin trusted.
	return os.Link(filepath.Join(pluginDir, "swarmhost-agent-hostile"),
		filepath.Join(filepath.Dir(swarmhost), "swarmhost-agent-"+besideHost))
}

// besideHost names the hostile agent's copy beside the swarmhost binary.
const besideHost = "besides"

// secretEnv is set in the host's environment; no plugin or tool may see it.
const secretEnv = "SWARMHOST_TEST_SECRET"

// runResult is one swarmhost run.
type runResult struct {
	code           int
	stdout, stderr string
	log            string // the eval log's JSON text, "" when none was written
}

// runSuite writes suite into dir and runs `swarmhost run` on it.
func runSuite(t *testing.T, dir, suite string) runResult {
	t.Helper()
	swarmhost, pluginDir := binaries(t)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "suite.hcl"), []byte(suite), 0o644))
	logs := filepath.Join(dir, "logs")
	cmd := exec.Command(swarmhost, "run", filepath.Join(dir, "suite.hcl"), "--log-dir", logs, "--log-format", "json", "--json",
		"--max-samples", "1")
	cmd.Env = append(os.Environ(), "SWARMHOST_PLUGIN_PATH="+pluginDir, secretEnv+"=hunter2")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	res := runResult{stdout: stdout.String(), stderr: stderr.String()}
	if ee, ok := err.(*exec.ExitError); ok {
		res.code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	files, _ := filepath.Glob(filepath.Join(logs, "*_t_*.json"))
	if len(files) == 1 {
		b, err := os.ReadFile(files[0])
		require.NoError(t, err)
		res.log = string(b)
	}
	return res
}

var markerSeq struct {
	sync.Mutex
	n int
}

// marker is a unique `sleep` argument to find a test's processes by.
func marker() string {
	markerSeq.Lock()
	defer markerSeq.Unlock()
	markerSeq.n++
	return fmt.Sprintf("4000.%d%05d", os.Getpid()%10000, markerSeq.n)
}
