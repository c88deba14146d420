package e2e

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/internal/clitest"
	"github.com/swarmhost/swarmhost/host/internal/testplugins"
)

// viewerDeps installs Chromium and playwright-core (scripts/viewer-deps.sh)
// and returns the chromium binary and the node_modules folder. It skips
// when they cannot be installed, except under CI=true, where it fails.
func viewerDeps(t *testing.T) (chromium, modules string) {
	t.Helper()
	lines := runViewerDeps(t, 2)
	return lines[0], lines[1]
}

// runViewerDeps runs scripts/viewer-deps.sh with args and returns the want
// lines it printed; it skips when the script exits 3 (something cannot be
// installed), except under CI=true.
func runViewerDeps(t *testing.T, want int, args ...string) []string {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: the viewer tests need a headless browser and npm")
	}
	var stderr bytes.Buffer
	cmd := exec.Command(filepath.Join(testplugins.Root(), "scripts", "viewer-deps.sh"), args...)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == 3 && os.Getenv("CI") != "true" {
		t.Skipf("the viewer test needs Chromium, playwright-core and npm: %s", strings.TrimSpace(stderr.String()))
	}
	require.NoError(t, err, "scripts/viewer-deps.sh:\n%s", stderr.String())
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	require.Len(t, lines, want, "scripts/viewer-deps.sh printed %q", out)
	return lines
}

// serveLogs runs `inspect view` on dir and returns its address; the server
// is stopped (its process group, whose leader the test holds) at cleanup.
func serveLogs(t *testing.T, py, dir string) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	port := l.Addr().(*net.TCPAddr).Port
	require.NoError(t, l.Close())
	var logs clitest.SyncBuffer // written by the exec package's copying goroutine
	cmd := exec.Command(filepath.Join(filepath.Dir(py), "inspect"), "view", "--log-dir", dir,
		"--host", "127.0.0.1", "--port", fmt.Sprint(port))
	cmd.Stdout, cmd.Stderr = &logs, &logs
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		_ = cmd.Wait()
	})
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	for start := time.Now(); ; time.Sleep(200 * time.Millisecond) {
		if resp, err := http.Get(base + "/api/logs"); err == nil {
			_ = resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return base
			}
		}
		require.Less(t, time.Since(start), 3*time.Minute, "inspect view did not answer:\n%s", logs.String())
	}
}

// memberView is what members.js saw of one member in the viewer.
type memberView struct {
	Member      string   `json:"member"`
	Selectable  bool     `json:"selectable"`
	OwnFound    []string `json:"own_found"`
	OthersFound []string `json:"others_found"`
	ToolCalls   int      `json:"tool_calls"`
}

// memberSpec names the texts a member's trajectory must show (own) and
// must not (others: the other members' calls).
type memberSpec struct {
	Member string   `json:"member"`
	Own    []string `json:"own"`
	Others []string `json:"others"`
}

// TestViewerShowsEachMember renders swarmhost's log of twins.hcl and
// Inspect Swarm's log of the same task in the viewer `inspect view`
// serves (inspect_ai 0.3.285, the peer venv), in headless Chromium: in both, each member
// is offered by the transcript's timeline picker and, once picked, shows
// its own model and tool calls and none of the other member's.
func TestViewerShowsEachMember(t *testing.T) {
	t.Parallel()
	chromium, modules := viewerDeps(t)
	py := peerPython(t)
	dir := t.TempDir()
	code, sum, errOut := runJSON(t, repoPath("host", "e2e", "testdata", "inspectswarm", "twins.hcl"))
	require.Equal(t, cli.ExitOK, code, errOut)
	ours := sum["log"].(string)
	pkg := writePackageLog(t)
	for _, p := range []string{ours, pkg} {
		raw, err := os.ReadFile(p)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, filepath.Base(p)), raw, 0o644))
	}
	base := serveLogs(t, py, dir)
	alice := []string{"Let me think about it.", "The answer is 42."}
	bob := []string{"It is 7."}
	spec, err := json.Marshal([]memberSpec{{"alice", alice, bob}, {"bob", bob, alice}})
	require.NoError(t, err)
	for name, p := range map[string]string{"swarmhost": ours, "inspect_swarm": pkg} {
		url := fmt.Sprintf("%s/#/logs/%s/samples/sample/q1/1/transcript", base, filepath.Base(p))
		cmd := exec.Command("node", repoPath("host", "e2e", "testdata", "viewer", "members.js"),
			modules, chromium, t.TempDir(), url, string(spec))
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		require.NoError(t, cmd.Run(), "%s: members.js:\n%s", name, stderr.String())
		var views []memberView
		require.NoError(t, json.Unmarshal(bytes.TrimSpace(stdout.Bytes()), &views), stdout.String())
		want := []memberView{
			{Member: "alice", Selectable: true, OwnFound: alice, OthersFound: []string{}, ToolCalls: 2},
			{Member: "bob", Selectable: true, OwnFound: bob, OthersFound: []string{}, ToolCalls: 1},
		}
		assert.Equal(t, want, views, "%s's log in the viewer", name)
	}
}
