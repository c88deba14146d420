package plugins

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/isolate"
	"github.com/swarmhost/swarmhost/host/isolate/isolatetest"
	"github.com/swarmhost/swarmhost/sdk/scorer"
	"github.com/swarmhost/swarmhost/sdk/sdktest"
)

// probeReport is what testdata/python/swarmhost-scorer-pyprobe reports.
type probeReport struct {
	Python      string   `json:"python"`
	WroteBeside bool     `json:"wrote_beside"`
	ReadSecret  bool     `json:"read_secret"`
	ReadTargets []bool   `json:"read_targets"`
	Env         []string `json:"env"`
	Frozen      int      `json:"frozen"` // objects frozen out of the collector (after the warm-up)
	Answer      string   `json:"answer"`
}

// probeScore asks the pyprobe scorer b to score a sample whose targets
// are the files it tries to read, and returns its report.
func probeScore(t *testing.T, m *Manager, b Binary, targets ...string) probeReport {
	t.Helper()
	sc, err := m.Scorer(context.Background(), b)
	require.NoError(t, err)
	host := &sdktest.ScorerHost{Files: map[string]map[string]string{"solver": {"answer.txt": "forty-two"}}}
	req := scorer.ScoreRequest{Sample: scorer.Sample{Target: targets}, Host: host}
	var resp scorer.ScoreResponse
	require.NoError(t, sc.Scorer("pyprobe").Score(context.Background(), req, &resp))
	var report probeReport
	require.NoError(t, json.Unmarshal([]byte(resp.Score.Explanation), &report), resp.Score.Explanation)
	return report
}

// TestHostileVenvChoosesNoBinds is the attack of an untrusted Python
// plugin's environment that names host directories: its pyvenv.cfg's home
// and a line of its .pth file name directories holding canaries. The
// sandbox binds only what read_only lists and the interpreter's real
// installation, so the plugin (which works: its other .pth lines name
// directories read_only holds) reads neither canary; before, both
// directories were bound.
func TestHostileVenvChoosesNoBinds(t *testing.T) {
	isolatetest.RequireTier(t, isolate.TierNamespaces)
	python := testVenvPython(t)
	venv := filepath.Dir(filepath.Dir(python))
	home, pthDir := t.TempDir(), t.TempDir()
	for _, d := range []string{home, pthDir} {
		require.NoError(t, os.WriteFile(filepath.Join(d, "canary"), []byte("host secret"), 0o644))
	}
	hostile := hostileVenv(t, python, "home = "+home+"\n",
		sitePackages(t, venv)+"\n"+sdkPythonSource(t)+"\n"+pthDir+"\n")
	b := installPython(t, "swarmhost-scorer-pyprobe")
	b.Trust, b.ReadOnly = Untrusted, []string{hostile, venv, sdkPythonSource(t)}

	py, _ := untrustedPython(b)
	assert.Equal(t, []string{pthDir}, py.Unbound, "the .pth line outside read_only is reported, not bound")
	assert.NotContains(t, py.ReadOnly, home, "pyvenv.cfg's home is never bound")

	m := newTestManager(t, Options{})
	report := probeScore(t, m, b, filepath.Join(home, "canary"), filepath.Join(pthDir, "canary"))
	assert.Equal(t, "forty-two", report.Answer, "the plugin ran")
	assert.Equal(t, filepath.Join(hostile, "bin", "python"), report.Python)
	assert.Equal(t, []bool{false, false}, report.ReadTargets, "a canary named by pyvenv.cfg or a .pth line was read")
}

// TestHostileVenvFIFOsNeverStall: an untrusted Python plugin's environment
// whose pyvenv.cfg and .pth file are FIFOs (and a plugin file that is one)
// does not stall the host, which opens nothing of a plugin's without
// O_NONBLOCK and reads only regular files. Before, the host's open of the
// FIFO waited for a writer forever, before the start timeout's clock ran.
// The test sees a blocked reader as a FIFO it can open for writing without
// blocking (with no reader the open fails, ENXIO).
func TestHostileVenvFIFOsNeverStall(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	venv := filepath.Join(dir, "venv")
	writeExec(t, filepath.Join(venv, "bin", "python"), "#!/bin/sh\n")
	site := filepath.Join(venv, "lib", "python3.11", "site-packages")
	require.NoError(t, os.MkdirAll(site, 0o755))
	launcher := filepath.Join(dir, "swarmhost-scorer-py")
	writeExec(t, launcher, "#!/bin/sh\n''''true; exec python3 \"$0\" # '''\n")
	fifos := []string{filepath.Join(venv, "pyvenv.cfg"), filepath.Join(site, "x.pth"),
		filepath.Join(dir, "swarmhost-scorer-fifo")}
	for _, f := range fifos {
		require.NoError(t, syscall.Mkfifo(f, 0o755))
	}
	b := Binary{Kind: "scorer", Name: "py", Path: launcher, Trust: Untrusted, ReadOnly: []string{venv}}
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _ = untrustedPython(b)
		_ = untrustedPythonProblem(b, []string{"ModuleNotFoundError: No module named 'x'"})
		_ = pythonInterpreter(fifos[2])
		_, _ = FileSHA256(fifos[2])
		_, _ = resolvedSHA256(fifos[2])
		_, _, _ = isolate.VerifiedCopy(fifos[2], "0")
	}()
	for {
		select {
		case <-done:
			return
		default:
		}
		for _, f := range fifos {
			if w, err := os.OpenFile(f, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				w.Close() // lets the blocked reader go, with nothing to read
				t.Fatalf("the host opened %s, a FIFO, and waited for a writer", f)
			}
		}
		runtime.Gosched()
	}
}

// hostileVenv makes a virtual environment whose bin/python links to the
// real interpreter behind python, with the given pyvenv.cfg and one .pth
// file.
func hostileVenv(t *testing.T, python, cfg, pth string) string {
	t.Helper()
	real, err := filepath.EvalSymlinks(python)
	require.NoError(t, err)
	dir := filepath.Join(t.TempDir(), "venv")
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "bin"), 0o755))
	require.NoError(t, os.Symlink(real, filepath.Join(dir, "bin", "python")))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "pyvenv.cfg"), []byte(cfg), 0o644))
	version := filepath.Base(filepath.Dir(sitePackages(t, filepath.Dir(filepath.Dir(python)))))
	site := filepath.Join(dir, "lib", version, "site-packages")
	require.NoError(t, os.MkdirAll(site, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(site, "hostile.pth"), []byte(pth), 0o644))
	return dir
}

// sitePackages is the site-packages directory of the environment venv.
func sitePackages(t *testing.T, venv string) string {
	t.Helper()
	found, err := filepath.Glob(filepath.Join(venv, "lib", "python3*", "site-packages"))
	require.NoError(t, err)
	require.Len(t, found, 1, "site-packages of %s", venv)
	return found[0]
}

// sdkPythonSource is the Python SDK's source directory, which the test
// virtualenv installs editable (a .pth line): an untrusted plugin's
// read_only lists it.
func sdkPythonSource(t *testing.T) string {
	t.Helper()
	src, err := filepath.Abs(filepath.Join("..", "..", "sdk", "python", "src"))
	require.NoError(t, err)
	return src
}
