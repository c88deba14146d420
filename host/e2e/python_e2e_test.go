package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/internal/testplugins"
	"github.com/swarmhost/swarmhost/host/model"
)

// Python plugins (sdk/python, examples/python-*, plugins-python/) run
// through the real host exactly like Go plugins. Their interpreter is the
// repository's virtualenv, which scripts/venv.sh creates from PyPI (and
// caches); the tests skip only when PyPI cannot be reached (exit 3).

// testVenv is the test venv (scripts/venv.sh): the Python SDK and plugins.
var testVenv = &scriptVenv{script: "venv.sh", need: "the Python plugins cannot be installed"}

// venvPython returns the virtualenv's python, creating the venv if needed.
func venvPython(t *testing.T) string { return testVenv.pythonOf(t) }

// TestPythonUnitTests runs the SDK's and the Python plugins' pytest suites,
// so that `make test` covers them. The SDK's suite-level tests
// (swarmhost_plugin.hosttest) run this package's swarmhost build, with the
// repository's Go plugins on SWARMHOST_PLUGIN_PATH (set by TestMain).
func TestPythonUnitTests(t *testing.T) {
	t.Parallel()
	py := venvPython(t)
	bin, err := hostBinary()
	require.NoError(t, err)
	cmd := exec.Command(py, "-m", "pytest", "-q", "-p", "no:cacheprovider",
		"sdk/python/tests", "examples/python-scorer", "examples/python-agent", "plugins-python",
		"--ignore=plugins-python/inspect-task") // its own venv: TestInspectTaskPythonUnitTests
	cmd.Dir = testplugins.Root()
	cmd.Env = append(os.Environ(), "PYTHONDONTWRITEBYTECODE=1", "SWARMHOST_BIN="+bin)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "pytest:\n%s", out)
	assert.Regexp(t, `\d+ passed`, string(out))
}

// TestPythonScorerSuite runs examples/python-scorer: the Python scorer is
// found by name in the suite's plugins/ directory, the Go agent, controller
// and scorer on SWARMHOST_PLUGIN_PATH.
func TestPythonScorerSuite(t *testing.T) {
	t.Parallel()
	venvPython(t)
	code, sum, errOut := runJSON(t, repoPath("examples", "python-scorer"))
	require.Equal(t, cli.ExitOK, code, errOut)
	scores := sum["scores"].(map[string]any)
	assert.InDelta(t, 1.0/3.0, scores["tolerance"].(map[string]any)["accuracy"], 1e-9)
	assert.InDelta(t, 0.0, scores["match"].(map[string]any)["accuracy"], 1e-9)
	l, err := evallog.Read(sum["log"].(string))
	require.NoError(t, err)
	got := map[string]string{}
	for _, s := range l.Samples {
		sc := s.Scores["tolerance"]
		require.NotNil(t, sc.Answer)
		got[s.ID.String()] = fmt.Sprint(sc.Value.Interface()) + " " + *sc.Answer
	}
	assert.Equal(t, map[string]string{"m1": "C 1609.3", "m2": "I 1609.3", "m3": "I 1609.3"}, got)
	validateLogFile(t, sum["log"].(string))
}

// TestPythonAgentBesideGoAgents runs examples/python-agent: the Python
// member's model calls and tool calls go through the host (over the
// go-plugin broker, with AutoMTLS) and are logged like the Go members'.
func TestPythonAgentBesideGoAgents(t *testing.T) {
	t.Parallel()
	venvPython(t)
	code, sum, errOut := runJSON(t, repoPath("examples", "python-agent"))
	require.Equal(t, cli.ExitOK, code, errOut)
	l, err := evallog.Read(sum["log"].(string))
	require.NoError(t, err)
	require.Len(t, l.Samples, 2)
	for _, s := range l.Samples {
		rec := readRecord(t, s)
		assert.Equal(t, map[string]string{"pyreact": "submitted", "guesser-1": "submitted", "guesser-2": "submitted"},
			statuses(rec), s.ID.String())
		kinds := map[string]int{}
		for _, e := range s.Events {
			kinds[e.EventType()]++
			if tool, ok := e.(evallog.ToolEvent); ok {
				assert.Equal(t, "write_file", tool.Function)
				assert.Equal(t, map[string]any{"path": "answer.txt", "content": model.DefaultMockOutput}, tool.Arguments,
					"pyreact saved the answer it generated through the host")
			}
		}
		assert.Equal(t, 3, kinds["model"], "one generate per member: %v", kinds)
		assert.Equal(t, 1, kinds["tool"], "pyreact's write_file call: %v", kinds)
	}
	validateLogFile(t, sum["log"].(string))
}

// TestPythonControllerIsToldItsRefusal: a Python controller plugin that
// starts a member on no roster is told so by the host (its refused()),
// with the host's text, and the run goes on with the start it answers.
func TestPythonControllerIsToldItsRefusal(t *testing.T) {
	t.Parallel()
	py := venvPython(t)
	src, err := os.ReadFile(filepath.Join("testdata", "python", "controllers", "pymender.py"))
	require.NoError(t, err)
	dir := t.TempDir()
	plugin := filepath.Join(dir, "swarmhost-controller-pymender")
	require.NoError(t, os.WriteFile(plugin, append([]byte("#!"+py+"\n"), src...), 0o755))
	suite := fmt.Sprintf("plugin \"controller\" \"pymender\" {\n  source = %q\n  trust  = \"trusted\"\n}\n", plugin) +
		deadlineSuite(`scorer "match" {}`, `controller "pymender" {}`)
	suite = replaceOnce(suite, `member "scripted" {`, `member "scripted" {
    name  = "m"
    count = 2`)
	path := filepath.Join(dir, "suite.hcl")
	require.NoError(t, os.WriteFile(path, []byte(suite), 0o644))
	_, samples := runSamples(t, cli.ExitOK, path)
	rec := readRecord(t, samples["a"])
	require.NotNil(t, rec.Final.Reason)
	assert.Equal(t, `started "ghost": no member has this name; the members are m-1, m-2`, *rec.Final.Reason,
		"the plugin chose with the refusal it was told")
	assert.Equal(t, map[string]string{"m-1": "submitted", "m-2": "pending"}, statuses(rec), "m-2 was never started")
}
