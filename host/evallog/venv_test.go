package evallog

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// testVenv is the test venv (scripts/venv.sh), built once per test binary.
var testVenv struct {
	once           sync.Once
	python, reason string
	err            error
}

// testVenvPython returns the test venv's python (inspect_ai), skipping the test, saying why,
// only when PyPI cannot be reached.
// EVALLOG_PYTHON names another python with inspect_ai to use instead (Inspect 0.3.285's, from
// bench/peer/venv.sh, say).
func testVenvPython(t *testing.T) string {
	t.Helper()
	if py := os.Getenv("EVALLOG_PYTHON"); py != "" {
		return py
	}
	testVenv.once.Do(func() {
		var stderr bytes.Buffer
		cmd := exec.Command(filepath.Join("..", "..", "scripts", "venv.sh"))
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		var exit *exec.ExitError
		switch {
		case errors.As(err, &exit) && exit.ExitCode() == 3:
			testVenv.reason = "scripts/venv.sh: PyPI cannot be reached: " + strings.TrimSpace(stderr.String())
		case err != nil:
			testVenv.err, testVenv.reason = err, stderr.String()
		default:
			testVenv.python = strings.TrimSpace(string(out))
		}
	})
	if testVenv.err != nil {
		t.Fatalf("scripts/venv.sh: %v\n%s", testVenv.err, testVenv.reason)
	}
	if testVenv.python == "" {
		t.Skip(testVenv.reason)
	}
	return testVenv.python
}

// runPython runs a script with py and fails the test with its output when it fails.
func runPython(t *testing.T, py string, args ...string) {
	t.Helper()
	out, err := exec.Command(py, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", py, strings.Join(args, " "), err, out)
	}
	t.Logf("%s", out)
}
