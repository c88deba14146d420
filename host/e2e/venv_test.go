package e2e

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/swarmhost/swarmhost/host/internal/testplugins"
	"github.com/swarmhost/swarmhost/host/plugins"
)

// scriptVenv is a virtualenv a script under scripts/ makes (or finds made)
// and prints the python of, once per test binary. The script exits 3 when
// PyPI cannot be reached: the tests that need the venv then skip, saying
// why — or fail under CI (CI=true) when failUnderCI is set.
type scriptVenv struct {
	script      string   // under scripts/
	args        []string // the script's arguments
	need        string   // what cannot be done without PyPI, for the skip message
	failUnderCI bool

	once         sync.Once
	python, skip string
	err          error
}

// pythonOf returns the venv's python, making the venv on first use.
func (v *scriptVenv) pythonOf(t *testing.T) string {
	t.Helper()
	v.once.Do(v.make)
	if v.err != nil {
		t.Fatalf("scripts/%s: %v", v.script, v.err)
	}
	if v.skip != "" {
		t.Skip(v.skip)
	}
	return v.python
}

func (v *scriptVenv) make() {
	var stderr bytes.Buffer
	cmd := exec.Command(filepath.Join(testplugins.Root(), "scripts", v.script), v.args...)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var exit *exec.ExitError
	offline := errors.As(err, &exit) && exit.ExitCode() == 3
	switch {
	case offline && !(v.failUnderCI && os.Getenv("CI") == "true"):
		v.skip = "scripts/" + v.script + ": PyPI cannot be reached, so " + v.need + ": " + strings.TrimSpace(stderr.String())
	case err != nil:
		v.err = errors.Join(err, errors.New(stderr.String()))
	default:
		v.python = strings.TrimSpace(string(out))
		v.pinPluginPython()
	}
}

// pinPluginPython makes the test venv the Python plugins run with, when
// SWARMHOST_INSPECT_VERSION chose one other than the default .venv (the
// launchers default to .venv): `make test` runs the bridge tests once more
// on the oldest supported inspect_ai that way. The Inspect task plugin runs
// with the task venv of that version (its launcher reads
// SWARMHOST_TASK_PYTHON before SWARMHOST_PYTHON).
func (v *scriptVenv) pinPluginPython() {
	switch {
	case v.script == "venv.sh" && os.Getenv(inspectVersionEnv) != "":
		os.Setenv(plugins.PythonEnvVar, v.python)
	case v == tasksVenv:
		os.Setenv(plugins.TaskPythonEnvVar, v.python)
	}
}

// inspectVersionEnv selects the inspect_ai version of the test venv
// (scripts/venv.sh, scripts/inspect-versions.txt).
const inspectVersionEnv = "SWARMHOST_INSPECT_VERSION"
