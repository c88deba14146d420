package plugins

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/swarmhost/swarmhost/host/internal/regular"
)

// Python plugins (sdk/python) fail to start in two ways a user can fix: the
// interpreter lacks a module (a traceback ending in ModuleNotFoundError, or
// the SDK's own "cannot import module" line, which names the interpreter),
// or something printed to stdout before swarmhost_plugin was imported.
// pythonProblem turns those into a message naming the plugin's interpreter
// and the fix; it returns "" for anything else.
var (
	noModuleRE   = regexp.MustCompile(`(?:ModuleNotFoundError|ImportError): No module named '([^']+)'`)
	sdkImportRE  = regexp.MustCompile(`cannot import module '([^']+)'.* with interpreter (\S+);`)
	launcherVenv = regexp.MustCompile(`\$\(dirname "\$0"\)/([^}"]+)`)
)

// pipNames maps import names to the pip packages that provide them, where
// they differ.
var pipNames = map[string]string{
	"grpc":             "grpcio",
	"grpc_health":      "grpcio-health-checking",
	"google":           "protobuf",
	"swarmhost_plugin": "./sdk/python (swarmhost's Python SDK, from the swarmhost source tree; there, `make venv` builds a .venv with it)",
	"yaml":             "pyyaml",
}

// pythonProblem explains a Python plugin's start-up failure from its stderr
// tail and go-plugin's error text, or returns "".
func pythonProblem(b Binary, tail []string, errText string) string {
	text := strings.Join(tail, "\n")
	if m := sdkImportRE.FindStringSubmatch(text); m != nil {
		return importProblem(m[1], m[2])
	}
	if m := noModuleRE.FindStringSubmatch(text); m != nil && isPython(b.Path) {
		interp := pythonInterpreter(b.Path)
		if canImport(interp, interpreterArgs(b.Path), m[1]) {
			return importedElsewhere(m[1], interp)
		}
		return importProblem(m[1], interp)
	}
	if m := junkRE.FindStringSubmatch(errText); m != nil && isPython(b.Path) {
		return fmt.Sprintf("it printed %q on stdout before the go-plugin handshake; it is a Python plugin run by %s: "+
			"import swarmhost_plugin before anything that prints (from then on stray output goes to stderr) "+
			"and log with swarmhost_plugin.log", strings.TrimSpace(m[1]), pythonInterpreter(b.Path))
	}
	return ""
}

// importProblem is the message for a module the interpreter cannot import.
func importProblem(module, interp string) string {
	top, _, _ := strings.Cut(module, ".")
	pkg, ok := pipNames[top]
	if !ok {
		pkg = strings.ReplaceAll(top, "_", "-")
	}
	return fmt.Sprintf("it is a Python plugin and its interpreter, %s, cannot import module %q, so it exited "+
		"before the go-plugin handshake; install the plugin's dependencies into that interpreter: %s -m pip install %s",
		interp, module, interp, pkg)
}

// isPython reports whether the file at path is a Python script: its first
// line names python, or it is a launcher in sdk/python's form (a sh line
// that execs a Python interpreter on the file itself).
func isPython(path string) bool {
	first, second := headLines(path)
	return strings.Contains(first, "python") || strings.HasPrefix(first, "#!") && strings.HasPrefix(second, "''''")
}

// pythonInterpreter names the interpreter that runs a Python plugin: the
// one its #! line names (resolved on $PATH for /usr/bin/env), or the one a
// launcher line picks ($SWARMHOST_PYTHON, else the virtualenv it points
// at, else python3).
func pythonInterpreter(path string) string {
	first, second := headLines(path)
	fields := strings.Fields(strings.TrimPrefix(first, "#!"))
	switch {
	case len(fields) > 1 && filepath.Base(fields[0]) == "env" && strings.Contains(first, "python"):
		name := fields[len(fields)-1]
		for _, f := range fields[1:] {
			if strings.Contains(f, "python") {
				name = f
				break
			}
		}
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
		return name
	case len(fields) > 0 && strings.Contains(fields[0], "python"):
		return fields[0]
	case strings.HasPrefix(second, "''''"):
		return launcherInterpreter(path, second)
	}
	return "the Python interpreter it runs with"
}

// launcherInterpreter resolves sdk/python's launcher line the way sh does.
func launcherInterpreter(path, line string) string {
	for _, name := range []string{TaskPythonEnvVar, PythonEnvVar} { // in the order the launchers read them
		if strings.Contains(line, "${"+name+":-") && os.Getenv(name) != "" {
			return os.Getenv(name)
		}
	}
	if m := launcherVenv.FindStringSubmatch(line); m != nil {
		p := filepath.Clean(filepath.Join(filepath.Dir(path), m[1]))
		if unusable(p) == "" {
			return p
		}
	}
	if p, err := exec.LookPath("python3"); err == nil {
		return p
	}
	return "python3"
}

// headLines returns a file's first two lines (at most 1 KiB is read; a
// file that is not regular reads as empty, without blocking).
func headLines(path string) (string, string) {
	f, err := regular.Open(path)
	if err != nil {
		return "", ""
	}
	defer f.Close()
	buf := make([]byte, 1024)
	n, _ := f.Read(buf)
	lines := bytes.SplitN(buf[:n], []byte("\n"), 3)
	first, second := string(lines[0]), ""
	if len(lines) > 1 {
		second = string(lines[1])
	}
	return strings.TrimSpace(first), strings.TrimSpace(second)
}
