package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/plugins"
)

// tolerancePlugin is the example Python scorer.
func tolerancePlugin() string {
	return repoPath("examples", "python-scorer", "plugins", "swarmhost-scorer-tolerance")
}

// TestPythonScorerPinnedBySHA256: a plugin block pins the Python file
// itself (the launcher is the plugin), and a wrong digest stops the run.
func TestPythonScorerPinnedBySHA256(t *testing.T) {
	t.Parallel()
	venvPython(t)
	sum, err := plugins.FileSHA256(tolerancePlugin())
	require.NoError(t, err)
	for name, tc := range map[string]struct {
		digest string
		code   int
	}{
		"right digest": {digest: sum, code: cli.ExitOK},
		"wrong digest": {digest: strings.Repeat("0", 64), code: cli.ExitUsage},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			suite := pinnedSuite(t, dir, tc.digest)
			code, out, errOut := runCLI(t, "run", "--json", suite, "--log-dir", dir)
			assert.Equal(t, tc.code, code, "stdout: %s\nstderr: %s", out, errOut)
			if tc.code != cli.ExitOK {
				assert.Contains(t, errOut, tolerancePlugin())
				assert.Contains(t, errOut, tc.digest)
			}
		})
	}
}

// pinnedSuite copies examples/python-scorer into dir (without its plugins/
// directory) and pins the tolerance scorer to the example's file.
func pinnedSuite(t *testing.T, dir, digest string) string {
	t.Helper()
	src, err := os.ReadFile(repoPath("examples", "python-scorer", "suite.hcl"))
	require.NoError(t, err)
	data, err := os.ReadFile(repoPath("examples", "python-scorer", "measures.jsonl"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "measures.jsonl"), data, 0o644))
	pin := "plugin \"scorer\" \"tolerance\" {\n  source = \"" + tolerancePlugin() + "\"\n  sha256 = \"" + digest + "\"\n}\n"
	suite := filepath.Join(dir, "suite.hcl")
	require.NoError(t, os.WriteFile(suite, append([]byte(pin), src...), 0o644))
	return suite
}

// TestPythonScorerDiagnostics: the host decodes a Python scorer's block
// against the schema it declares and shows its ValidateConfig diagnostics
// at the attribute's line.
func TestPythonScorerDiagnostics(t *testing.T) {
	t.Parallel()
	venvPython(t)
	code, out, errOut := runCLI(t, "validate", repoPath("host", "e2e", "testdata", "python", "bad_tolerance.hcl"))
	assert.Equal(t, cli.ExitUsage, code, out)
	for _, want := range []string{"Negative tolerance", "bad_tolerance.hcl line 18", "rel_tol is -1; it must be 0 or more",
		"Unsupported argument", "bad_tolerance.hcl line 31", `"relative"`} {
		assert.Contains(t, out+errOut, want)
	}
}

// TestPythonStartErrors: a Python plugin that cannot start gets a message
// naming the plugin, its interpreter and the fix.
func TestPythonStartErrors(t *testing.T) {
	t.Parallel()
	py := venvPython(t)
	body := "from swarmhost_plugin import Metadata, Scorer, serve\n" +
		"class S(Scorer):\n    def metadata(self):\n        return Metadata(name='p')\nserve(S())\n"
	tests := map[string]struct {
		script   string
		contains []string
	}{
		// -S: no site-packages, so not even the SDK can be imported.
		"sdk missing": {script: "#!" + py + " -S\n" + body, contains: []string{
			"Python plugin", "its interpreter, " + py + ",", `cannot import module "swarmhost_plugin"`,
			py + " -m pip install ./sdk/python"}},
		"dependency missing": {script: "#!" + py + "\nimport swarmhost_plugin\nimport no_such_dependency\n" + body,
			contains: []string{`cannot import module "no_such_dependency"`, py + " -m pip install no-such-dependency"}},
		// The interpreter has the SDK; the plugin hid it from itself.
		"module the interpreter has": {script: "#!" + py + "\nimport sys\nsys.path = [p for p in sys.path if 'site-packages' not in p and 'sdk/python' not in p]\n" + body,
			contains: []string{`could not import module "swarmhost_plugin"`, "its interpreter, " + py + ", imports that module"}},
		"print before the handshake": {script: "#!" + py + "\nprint('loading weights', flush=True)\n" + body,
			contains: []string{`printed "loading weights" on stdout before the go-plugin handshake`,
				"Python plugin run by " + py, "import swarmhost_plugin before anything that prints"}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "swarmhost-scorer-p")
			require.NoError(t, os.WriteFile(path, []byte(tc.script), 0o755))
			m := plugins.NewManager(nil, plugins.Options{})
			defer m.Close()
			_, err := m.Start(context.Background(), plugins.Binary{Kind: "scorer", Name: "p", Path: path})
			var se *plugins.StartError
			require.ErrorAs(t, err, &se)
			for _, want := range append(tc.contains, `scorer plugin "p"`, path) {
				assert.Contains(t, err.Error(), want)
			}
		})
	}
}
