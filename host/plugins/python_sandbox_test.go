package plugins

import (
	"context"
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
	"github.com/swarmhost/swarmhost/sdk/hostrpc"
)

// TestUntrustedPythonPluginRunsSandboxed: a Python scorer left untrusted
// runs in the sandbox with the interpreter its plugin block names (its
// environment bound read-only), speaks go-plugin's multiplexed broker (its
// Score arrives over the one connection, and its call back to the host's
// ScorerHost is knocked for), and cannot write beside its file, read a
// host file or see the host's environment, nor (the SDK drops it) the
// one-time TLS key the host hands every plugin, which it does not use.
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
			b.Trust, b.ReadOnly = Untrusted, []string{venv, sdkPythonSource(t)}
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

	report := probeScore(t, m, b, secret)
	assert.Equal(t, "forty-two", report.Answer, "the brokered ScorerHost answered over the multiplexed connection")
	assert.Equal(t, want, report.Python, "the plugin block's interpreter")
	assert.False(t, report.WroteBeside, "the plugin could not write beside its file")
	assert.False(t, report.ReadSecret, "the plugin could not read a host file")
	assert.NotContains(t, report.Env, "SWARMHOST_TEST_HOST_SECRET", "no host environment")
	assert.NotContains(t, report.Env, hostrpc.PluginTLSEnv, "the SDK dropped the one-time TLS key it does not use")
	_, err = os.Stat(b.Path + ".starts")
	assert.ErrorIs(t, err, os.ErrNotExist, "nothing was written beside the plugin, checked from outside")
}

// TestUntrustedPythonInterpreter: the interpreter of an untrusted Python
// plugin comes from its plugin block's read_only entries; besides them,
// only the interpreter's real installation is bound, never what the
// environment's files name (pyvenv.cfg's home, a .pth file's lines).
func TestUntrustedPythonInterpreter(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	venv, base, src := filepath.Join(dir, "venv"), filepath.Join(dir, "base"), filepath.Join(dir, "src")
	writeExec(t, filepath.Join(venv, "bin", "python"), "#!/bin/sh\n")
	require.NoError(t, os.MkdirAll(src, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(venv, "pyvenv.cfg"), []byte("home = "+base+"/bin\n"), 0o644))
	site := filepath.Join(venv, "lib", "python3.11", "site-packages")
	require.NoError(t, os.MkdirAll(site, 0o755))
	pth := src + "\nimport os\n/etc\n/usr/lib\n" + venv + "/inside\n"
	require.NoError(t, os.WriteFile(filepath.Join(site, "x.pth"), []byte(pth), 0o644))
	// An environment whose bin/python links to an installation outside the system directories.
	inst, linked := filepath.Join(dir, "inst"), filepath.Join(dir, "linked")
	writeExec(t, filepath.Join(inst, "bin", "python3.11"), "#!/bin/sh\n")
	require.NoError(t, os.MkdirAll(filepath.Join(inst, "lib", "python3.11"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(inst, "lib", "python3.11", "os.py"), nil, 0o644))
	require.NoError(t, os.MkdirAll(filepath.Join(linked, "bin"), 0o755))
	require.NoError(t, os.Symlink(filepath.Join(inst, "bin", "python3.11"), filepath.Join(linked, "bin", "python")))
	// One whose bin/python links to a program in no installation.
	bare := filepath.Join(dir, "bare")
	require.NoError(t, os.MkdirAll(filepath.Join(bare, "bin"), 0o755))
	writeExec(t, filepath.Join(src, "bin", "python"), "#!/bin/sh\n")
	require.NoError(t, os.Symlink(filepath.Join(src, "bin", "python"), filepath.Join(bare, "bin", "python")))
	launcher := filepath.Join(dir, "swarmhost-scorer-py")
	writeExec(t, launcher, "#!/bin/sh\n''''true; exec python3 \"$0\" # '''\n")
	goBinary := filepath.Join(dir, "swarmhost-scorer-go")
	writeExec(t, goBinary, "\x7fELF")

	venvPython := filepath.Join(venv, "bin", "python")
	tests := map[string]struct {
		b        Binary
		isPython bool
		want     pythonSandbox
	}{
		"venv in read_only: neither its home nor its .pth directories are bound": {
			b: Binary{Path: launcher, ReadOnly: []string{dir + "/other", venv}}, isPython: true,
			want: pythonSandbox{Interpreter: venvPython, Unbound: []string{src, "/etc"}}},
		"a .pth directory that read_only holds is not reported": {
			b: Binary{Path: launcher, ReadOnly: []string{venv, src}}, isPython: true,
			want: pythonSandbox{Interpreter: venvPython, Unbound: []string{"/etc"}}},
		"the real interpreter's installation is bound": {b: Binary{Path: launcher, ReadOnly: []string{linked}},
			isPython: true, want: pythonSandbox{Interpreter: filepath.Join(linked, "bin", "python"), ReadOnly: []string{inst}}},
		"a link to a program in no installation binds nothing": {b: Binary{Path: launcher, ReadOnly: []string{bare}},
			isPython: true, want: pythonSandbox{Interpreter: filepath.Join(bare, "bin", "python")}},
		"no environment named: the sandbox's own python3": {b: Binary{Path: launcher, ReadOnly: []string{base}},
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
