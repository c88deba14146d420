package isolate

import (
	"errors"
	"os"
)

// ErrNoCell is returned by [Launcher.NewCell] under a tier without cells:
// the caller runs each program with [Launcher.Command] instead.
var ErrNoCell = errors.New("isolate: cells need the namespaces tier")

// CellRun is one program to run in a cell. Paths are as inside the
// sandbox (the same as the host's for the spec's paths).
type CellRun struct {
	Path string
	// Args is argv, Args[0] included.
	Args []string
	// Env is the program's environment; the cell adds TMPDIR and
	// [SandboxEnv] as [Launcher.Command] does.
	Env []string
	// Dir is the working directory; "" is the cell's.
	Dir string
	// Stdin, Stdout and Stderr are handed to the program; nil Stdin is
	// /dev/null. The caller closes its copies after Run.
	Stdin, Stdout, Stderr *os.File
}

// NotStartedError is [Cell.Run]'s error for a program the cell could not
// start (not found, not executable); the status is then the init's 125.
// The cell stays usable.
type NotStartedError struct {
	Reason string
}

// Error says what failed.
func (e *NotStartedError) Error() string { return "isolate: " + e.Reason }
