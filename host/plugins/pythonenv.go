package plugins

import (
	"bufio"
	"os"
	"path/filepath"
	"slices"
	"strings"
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
// up that interpreter's environment, to be bound read-only.
type pythonSandbox struct {
	// Interpreter is the Python environment's bin/python, "" when the
	// plugin block names none (the launcher then runs the sandbox's own
	// python3, from the system directories).
	Interpreter string
	// ReadOnly are the environment's directories: the virtualenv, its
	// base installation (pyvenv.cfg's home) unless that lies in the system
	// directories, and the directories its .pth files add (editable
	// installs).
	ReadOnly []string
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
// environment (a directory with bin/python), else none. A plugin whose #!
// line names an interpreter keeps it; that interpreter's environment must
// then be in read_only.
func untrustedPython(b Binary) (pythonSandbox, bool) {
	if !isPython(b.Path) {
		return pythonSandbox{}, false
	}
	var ps pythonSandbox
	for _, dir := range b.ReadOnly {
		if py := filepath.Join(dir, "bin", "python"); unusable(py) == "" {
			ps.Interpreter = py
			ps.ReadOnly = pythonEnvDirs(dir)
			break
		}
	}
	return ps, true
}

// pythonEnvDirs lists a Python environment's directories outside the
// sandbox's system directories.
func pythonEnvDirs(venv string) []string {
	dirs := []string{venv}
	if home := venvHome(venv); home != "" {
		dirs = append(dirs, filepath.Dir(home))
	}
	pths, _ := filepath.Glob(filepath.Join(venv, "lib", "python*", "site-packages", "*.pth"))
	for _, pth := range pths {
		dirs = append(dirs, pthDirs(pth)...)
	}
	var out []string
	for _, d := range dirs {
		if d = filepath.Clean(d); !inSystemDirs(d) && !slices.Contains(out, d) {
			out = append(out, d)
		}
	}
	return out
}

// venvHome is the directory of the base interpreter a virtualenv was made
// from (pyvenv.cfg's "home", its bin directory), or "".
func venvHome(venv string) string {
	for _, line := range readLines(filepath.Join(venv, "pyvenv.cfg")) {
		key, value, ok := strings.Cut(line, "=")
		if ok && strings.TrimSpace(key) == "home" {
			if home := strings.TrimSpace(value); filepath.IsAbs(home) {
				return home
			}
		}
	}
	return ""
}

// pthDirs are the absolute directories a .pth file adds to sys.path
// (lines that are paths; import lines are skipped).
func pthDirs(pth string) []string {
	var dirs []string
	for _, line := range readLines(pth) {
		line = strings.TrimSpace(line)
		if !filepath.IsAbs(line) {
			continue
		}
		if info, err := os.Stat(line); err == nil && info.IsDir() {
			dirs = append(dirs, line)
		}
	}
	return dirs
}

// inSystemDirs reports whether path lies in a directory every sandbox
// already sees.
func inSystemDirs(path string) bool {
	for _, d := range []string{"/usr", "/bin", "/sbin", "/lib", "/lib64"} {
		if path == d || strings.HasPrefix(path, d+"/") {
			return true
		}
	}
	return false
}

// readLines returns a small text file's lines (nil when unreadable).
func readLines(path string) []string {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(lines) < 1000 {
		lines = append(lines, sc.Text())
	}
	return lines
}
