package plugins

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/isolate"
	"github.com/swarmhost/swarmhost/host/isolate/isolatetest"
	"github.com/swarmhost/swarmhost/sdk/scorer"
	"github.com/swarmhost/swarmhost/sdk/sdktest"
)

// TestUntrustedPythonPluginRunsSandboxed: a Python scorer left untrusted
// runs in the sandbox with the interpreter its plugin block names (its
// environment bound read-only), speaks go-plugin's multiplexed broker (its
// Score arrives over the one connection, and its call back to the host's
// ScorerHost is knocked for), and cannot write beside its file, read a
// host file or see the host's environment.
func TestUntrustedPythonPluginRunsSandboxed(t *testing.T) {
	isolatetest.RequireTier(t, isolate.TierNamespaces)
	python := testVenvPython(t)
	t.Setenv(PythonEnvVar, "/nonexistent/host/python") // the host's choice must not leak in
	t.Setenv("SWARMHOST_TEST_HOST_SECRET", "host secret")
	venv := filepath.Dir(filepath.Dir(python))
	tests := map[string]struct {
		// firstLine replaces the launcher's two lines, when set.
		firstLine string
		want      string
	}{
		"the SDK's launcher line":                       {want: filepath.Join(venv, "bin", "python")},
		"#!/usr/bin/env python3, as the docs' examples": {firstLine: "#!/usr/bin/env python3", want: filepath.Join(venv, "bin", "python3")},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			b := installPython(t, "swarmhost-scorer-pyprobe")
			if tc.firstLine != "" {
				b = withFirstLine(t, b, tc.firstLine)
			}
			b.Trust, b.ReadOnly = Untrusted, []string{venv}
			runProbe(t, b, tc.want)
		})
	}
}

// withFirstLine rewrites b's file with firstLine in place of its two
// launcher lines, and resolves it again.
func withFirstLine(t *testing.T, b Binary, firstLine string) Binary {
	t.Helper()
	data, err := os.ReadFile(b.Path)
	require.NoError(t, err)
	lines := strings.SplitN(string(data), "\n", 3)
	require.NoError(t, os.WriteFile(b.Path, []byte(firstLine+"\n"+lines[2]), 0o755))
	again, err := Discover(b.Kind, b.Name, nil, []string{filepath.Dir(b.Path)})
	require.NoError(t, err)
	return again
}

// runProbe starts the untrusted pyprobe scorer b, scores once and checks
// from inside and outside that it ran sandboxed with the interpreter want.
func runProbe(t *testing.T, b Binary, want string) {
	t.Helper()
	secret := filepath.Join(t.TempDir(), "secret")
	require.NoError(t, os.WriteFile(secret, []byte("host secret"), 0o644))

	m := newTestManager(t, Options{})
	p, err := m.Start(context.Background(), b)
	require.NoError(t, err)
	cmdline, err := os.ReadFile("/proc/" + strconv.Itoa(p.Pid()) + "/cmdline")
	require.NoError(t, err)
	assert.Contains(t, string(cmdline), isolate.InitArg, "the host started the sandbox init, not the plugin")

	sc, err := m.Scorer(context.Background(), b)
	require.NoError(t, err)
	host := &sdktest.ScorerHost{Files: map[string]map[string]string{"solver": {"answer.txt": "forty-two"}}}
	req := scorer.ScoreRequest{Sample: scorer.Sample{Target: []string{secret}}, Host: host}
	var resp scorer.ScoreResponse
	require.NoError(t, sc.Scorer("pyprobe").Score(context.Background(), req, &resp))
	var report struct {
		Python      string   `json:"python"`
		WroteBeside bool     `json:"wrote_beside"`
		ReadSecret  bool     `json:"read_secret"`
		Env         []string `json:"env"`
		Answer      string   `json:"answer"`
	}
	require.NoError(t, json.Unmarshal([]byte(resp.Score.Explanation), &report), resp.Score.Explanation)
	assert.Equal(t, "forty-two", report.Answer, "the brokered ScorerHost answered over the multiplexed connection")
	assert.Equal(t, want, report.Python, "the plugin block's interpreter")
	assert.False(t, report.WroteBeside, "the plugin could not write beside its file")
	assert.False(t, report.ReadSecret, "the plugin could not read a host file")
	assert.NotContains(t, report.Env, "SWARMHOST_TEST_HOST_SECRET", "no host environment")
	_, err = os.Stat(b.Path + ".starts")
	assert.ErrorIs(t, err, os.ErrNotExist, "nothing was written beside the plugin, checked from outside")
}

// TestUntrustedPythonInterpreter: the interpreter of an untrusted Python
// plugin comes from its plugin block's read_only entries, with the
// environment's base installation and editable installs bound too.
func TestUntrustedPythonInterpreter(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	venv, base, src := filepath.Join(dir, "venv"), filepath.Join(dir, "base"), filepath.Join(dir, "src")
	writeExec(t, filepath.Join(venv, "bin", "python"), "#!/bin/sh\n")
	require.NoError(t, os.MkdirAll(src, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(venv, "pyvenv.cfg"), []byte("home = "+base+"/bin\n"), 0o644))
	site := filepath.Join(venv, "lib", "python3.11", "site-packages")
	require.NoError(t, os.MkdirAll(site, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(site, "x.pth"), []byte(src+"\nimport os\n/nonexistent\n"), 0o644))
	launcher := filepath.Join(dir, "swarmhost-scorer-py")
	writeExec(t, launcher, "#!/bin/sh\n''''true; exec python3 \"$0\" # '''\n")
	goBinary := filepath.Join(dir, "swarmhost-scorer-go")
	writeExec(t, goBinary, "\x7fELF")

	tests := map[string]struct {
		b        Binary
		isPython bool
		want     pythonSandbox
	}{
		"venv in read_only": {b: Binary{Path: launcher, ReadOnly: []string{dir + "/other", venv}}, isPython: true,
			want: pythonSandbox{Interpreter: filepath.Join(venv, "bin", "python"), ReadOnly: []string{venv, base, src}}},
		"no environment named: the sandbox's own python3": {b: Binary{Path: launcher, ReadOnly: []string{src}},
			isPython: true},
		"not a Python plugin": {b: Binary{Path: goBinary, ReadOnly: []string{venv}}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			got, ok := untrustedPython(tt.b)
			assert.Equal(t, tt.isPython, ok)
			assert.Equal(t, tt.want, got)
		})
	}
}

// installPython copies a Python plugin from testdata/python into a fresh
// directory under testRoot and resolves it.
func installPython(t *testing.T, file string) Binary {
	t.Helper()
	dir, err := os.MkdirTemp(testRoot, "py-")
	require.NoError(t, err)
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	data, err := os.ReadFile(filepath.Join("testdata", "python", file))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, file), data, 0o755))
	kind, name, ok := ParseBinaryName(file)
	require.True(t, ok, file)
	b, err := Discover(kind, name, nil, []string{dir})
	require.NoError(t, err)
	return b
}

var testVenv struct {
	once         sync.Once
	python, skip string
	err          error
}

// testVenvPython returns the python of the repository's test virtualenv
// (scripts/venv.sh, which has the Python SDK), skipping when PyPI cannot be
// reached to build it.
func testVenvPython(t *testing.T) string {
	t.Helper()
	testVenv.once.Do(func() {
		var stderr strings.Builder
		cmd := exec.Command(filepath.Join("..", "..", "scripts", "venv.sh"))
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		var exit *exec.ExitError
		switch {
		case errors.As(err, &exit) && exit.ExitCode() == 3:
			testVenv.skip = "scripts/venv.sh: PyPI cannot be reached: " + stderr.String()
		case err != nil:
			testVenv.err = errors.New(err.Error() + "\n" + stderr.String())
		default:
			testVenv.python = strings.TrimSpace(string(out))
		}
	})
	if testVenv.err != nil {
		t.Fatalf("scripts/venv.sh: %v", testVenv.err)
	}
	if testVenv.skip != "" {
		t.Skip(testVenv.skip)
	}
	return testVenv.python
}
