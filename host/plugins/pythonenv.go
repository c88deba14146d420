package plugins

import (
	"bufio"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/swarmhost/swarmhost/host/internal/regular"
)

// PythonEnvVar names the interpreter a launcher line in sdk/python's form
// runs ("${SWARMHOST_PYTHON:-…}").
const PythonEnvVar = "SWARMHOST_PYTHON"

// TaskPythonEnvVar names the interpreter the Inspect task plugin's launcher
// runs before [PythonEnvVar] ("${SWARMHOST_TASK_PYTHON:-${SWARMHOST_PYTHON:-…}}"):
// the Python whose packages hold the Inspect tasks (inspect-evals).
const TaskPythonEnvVar = "SWARMHOST_TASK_PYTHON"

// pythonSandbox is what an untrusted Python plugin needs inside its
// sandbox: the interpreter its launcher runs and the host paths that make
// up that interpreter's installation, to be bound read-only.
type pythonSandbox struct {
	// Interpreter is the Python environment's bin/python, "" when the
	// plugin block names none (the launcher then runs the sandbox's own
	// python3, from the system directories).
	Interpreter string
	// ReadOnly is the installation of the interpreter bin/python really is
	// (its symbolic links resolved), when neither a read_only entry nor the
	// system directories hold it. Nothing the environment's files name is
	// bound: not pyvenv.cfg's home, not a .pth file's directories.
	ReadOnly []string
	// Unbound are directories the environment's .pth files add (editable
	// installs) that no read_only entry holds: the sandbox does not show
	// them, and an import error says so.
	Unbound []string
}

// sandboxPath is the PATH of an untrusted Python plugin's sandbox after
// its environment's bin directory: the system directories every sandbox
// sees.
const sandboxPath = "/usr/local/bin:/usr/bin:/bin"

// env is what the plugin's environment adds in the sandbox: the
// interpreter a launcher line runs ($SWARMHOST_PYTHON) and a PATH that
// starts with the environment's bin directory, so that a `#!/usr/bin/env
// python3` line runs the read_only environment's python3 too, not the
// system's. With no environment named, PATH is the system directories.
func (ps pythonSandbox) env() []string {
	if ps.Interpreter == "" {
		return []string{"PATH=" + sandboxPath}
	}
	return []string{PythonEnvVar + "=" + ps.Interpreter, "PATH=" + filepath.Dir(ps.Interpreter) + ":" + sandboxPath}
}

// describe names the interpreter for logs.
func (ps pythonSandbox) describe() string {
	if ps.Interpreter == "" {
		return "the sandbox's python3 (no read_only entry is a Python environment)"
	}
	return ps.Interpreter
}

// untrustedPython picks the interpreter of an untrusted Python plugin from
// its plugin block and never from the host's environment (which the
// sandbox does not get): the first read_only entry that is a Python
// environment (a directory with bin/python), else none. A launcher line
// runs it through $SWARMHOST_PYTHON and a `#!/usr/bin/env python3` line
// through PATH ([pythonSandbox.env]); a #! line naming an interpreter by
// its absolute path keeps it, and that interpreter's environment must then
// be in read_only. The environment's own files (a plugin's author may have
// written them) choose nothing the sandbox binds: its base installation is
// found from the interpreter itself.
func untrustedPython(b Binary) (pythonSandbox, bool) {
	if !isPython(b.Path) {
		return pythonSandbox{}, false
	}
	var ps pythonSandbox
	for _, dir := range b.ReadOnly {
		if py := filepath.Join(dir, "bin", "python"); unusable(py) == "" {
			ps.Interpreter = py
			if home := installation(py); home != "" && !under(home, b.ReadOnly) {
				ps.ReadOnly = []string{home}
			}
			for _, d := range pthDirs(dir) {
				if !under(d, b.ReadOnly) && !inSystemDirs(d) && !slices.Contains(ps.Unbound, d) {
					ps.Unbound = append(ps.Unbound, d)
				}
			}
			break
		}
	}
	return ps, true
}

// installation is the prefix of the Python installation that the
// interpreter at py really is (py's links resolved: .../bin/python3.X gives
// ...), when it is outside the system directories and looks like one (a
// lib/python3.*/os.py under it); "" otherwise.
func installation(py string) string {
	real, err := filepath.EvalSymlinks(py)
	if err != nil || inSystemDirs(real) {
		return ""
	}
	prefix := filepath.Dir(filepath.Dir(real))
	if filepath.Base(filepath.Dir(real)) != "bin" || prefix == "/" {
		return ""
	}
	if found, _ := filepath.Glob(filepath.Join(prefix, "lib", "python3*", "os.py")); len(found) == 0 {
		return ""
	}
	return prefix
}

// under reports whether path is one of dirs or lies inside one.
func under(path string, dirs []string) bool {
	for _, d := range dirs {
		if path == d || strings.HasPrefix(path, strings.TrimSuffix(d, "/")+"/") {
			return true
		}
	}
	return false
}

// pthDirs are the absolute directories the .pth files of the environment
// at venv add to sys.path (lines that are paths; import lines are
// skipped), cleaned.
func pthDirs(venv string) []string {
	pths, _ := filepath.Glob(filepath.Join(venv, "lib", "python*", "site-packages", "*.pth"))
	var dirs []string
	for _, pth := range pths {
		for _, line := range readLines(pth) {
			if line = strings.TrimSpace(line); filepath.IsAbs(line) {
				dirs = append(dirs, filepath.Clean(line))
			}
		}
	}
	return dirs
}

// inSystemDirs reports whether path lies in a directory every sandbox
// already sees.
func inSystemDirs(path string) bool {
	return under(path, []string{"/usr", "/bin", "/sbin", "/lib", "/lib64"})
}

// maxSmallFile bounds what readLines reads of a file.
const maxSmallFile = 1 << 20

// readLines returns a small text file's lines (at most 1 000, of its first
// MiB), nil when it is not a regular file or cannot be read: it is opened
// without blocking (regular.Open), so a FIFO planted under its name cannot
// stall the host.
func readLines(path string) []string {
	f, err := regular.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(io.LimitReader(f, maxSmallFile))
	for sc.Scan() && len(lines) < 1000 {
		lines = append(lines, sc.Text())
	}
	return lines
}
