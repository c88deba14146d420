package plugins

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/swarmhost/swarmhost/host/isolate"
)

// UntrustedError is an untrusted plugin this host cannot run: the machine
// has no sandbox left (SPEC §13), and an untrusted binary never runs
// unisolated.
type UntrustedError struct {
	// Binary is the plugin refused.
	Binary Binary
	// Mechanisms says what the launcher found missing.
	Mechanisms isolate.Mechanisms
}

// Error says why the plugin is untrusted and the two ways out.
func (e *UntrustedError) Error() string {
	return fmt.Sprintf("start %s: it is untrusted (trust = %q, or its bytes are not in swarmhost's trust manifest) "+
		"and must run in a sandbox, but %v: %s; run it on a machine with user namespaces or Landlock and seccomp, "+
		"or, if you trust it, set trust = %q (or its sha256) in its plugin block", e.Binary, e.Binary.Trust,
		isolate.ErrUnavailable, e.Mechanisms, Trusted)
}

// Unwrap returns [isolate.ErrUnavailable].
func (e *UntrustedError) Unwrap() error { return isolate.ErrUnavailable }

// Summary is the diagnostic summary of an untrusted plugin with no sandbox.
func (e *UntrustedError) Summary() string { return "Untrusted plugin cannot be sandboxed here" }

// PinAttribute points the diagnostic at the plugin block's trust.
func (e *UntrustedError) PinAttribute() string { return "trust" }

// untrustedPythonProblem explains an untrusted Python plugin that failed to
// import a module: in the sandbox it sees only system directories and the
// Python environments its plugin block lists in read_only, so the fix is to
// list the environment (or to trust the file), and, when its first line
// runs an interpreter by absolute path, to write a line that runs the
// listed one. It says what the plugin's first line ran in the sandbox. It
// returns "" for anything else.
func untrustedPythonProblem(b Binary, tail []string) string {
	if b.Trust != Untrusted || !isPython(b.Path) {
		return ""
	}
	module := missingModule(strings.Join(tail, "\n"))
	if module == "" {
		return ""
	}
	py, _ := untrustedPython(b)
	if len(py.Unbound) > 0 {
		return fmt.Sprintf("it is a Python plugin and it is untrusted, so it ran in the sandbox, where module %q "+
			"cannot be imported; its environment's .pth files add %s, which the sandbox does not show (it binds only "+
			"what read_only lists and the interpreter's own installation, never what an environment's files name): "+
			"list the directory that has the module in the plugin block's read_only:\n\n  plugin %q %q {\n"+
			"    read_only = [%s]\n  }", module, strings.Join(py.Unbound, ", "), b.Kind, b.Name,
			quotedList(append(slices.Clone(b.ReadOnly), py.Unbound...)))
	}
	return fmt.Sprintf("it is a Python plugin and it is untrusted (no plugin block trusts it and its bytes are not in "+
		"swarmhost's trust manifest), so it ran in the sandbox, which shows only system directories and the Python "+
		"environments its plugin block lists in read_only: there %s, and module %q cannot be imported. %s; or, if "+
		"you trust this file, pin it (`make build` trusts the repository's own):\n\n  plugin %q %q {\n    read_only = "+
		"[\"/path/to/venv\"]\n  }\n\n  plugin %q %q {\n    sha256 = %q\n    trust  = %q\n  }",
		sandboxInterpreter(b.Path, py), module, sandboxFix(b.Path, py), b.Kind, b.Name, b.Kind, b.Name, b.SHA256, Trusted)
}

// sandboxInterpreter says which interpreter an untrusted Python plugin's
// first line runs in its sandbox, given the environment its plugin block
// lists (py).
func sandboxInterpreter(path string, py pythonSandbox) string {
	first, second := headLines(path)
	line := strings.TrimSpace(first)
	fields := strings.Fields(strings.TrimPrefix(line, "#!"))
	switch {
	case strings.HasPrefix(second, "''''"):
		if py.Interpreter == "" {
			return "its launcher line ran the sandbox's python3, from the system directories (no read_only entry is a " +
				"Python environment, a directory with bin/python)"
		}
		return fmt.Sprintf("its launcher line ran %s, the read_only environment's interpreter ($%s)", py.Interpreter, PythonEnvVar)
	case len(fields) > 1 && filepath.Base(fields[0]) == "env":
		if py.Interpreter == "" {
			return fmt.Sprintf("its line %q ran %s from the sandbox's PATH, %s: the system's, as no read_only entry is "+
				"a Python environment (a directory with bin/python)", line, fields[len(fields)-1], sandboxPath)
		}
		return fmt.Sprintf("its line %q ran %s from the sandbox's PATH, which starts with the read_only environment's %s",
			line, fields[len(fields)-1], filepath.Dir(py.Interpreter))
	case len(fields) > 0:
		return fmt.Sprintf("its line %q ran %s, named by its absolute path, whatever read_only lists", line, fields[0])
	}
	return "it ran with the sandbox's python3"
}

// sandboxFix is the first fix of a missing module: install it into the
// listed environment or list one that has it, and, for a #! line naming an
// interpreter by absolute path, write one that runs the listed
// environment's.
func sandboxFix(path string, py pythonSandbox) string {
	first, second := headLines(path)
	fields := strings.Fields(strings.TrimPrefix(strings.TrimSpace(first), "#!"))
	fix := "List the environment that has it in read_only (a directory with bin/python: the first one listed runs the plugin)"
	if py.Interpreter != "" {
		fix = fmt.Sprintf("Install it into %s, or list the environment that has it in read_only first (a directory "+
			"with bin/python: the first one listed runs the plugin)", filepath.Dir(filepath.Dir(py.Interpreter)))
	}
	if !strings.HasPrefix(second, "''''") && len(fields) > 0 && filepath.Base(fields[0]) != "env" {
		fix += fmt.Sprintf(", and make the first line `#!/usr/bin/env python3`, which runs that environment's python3 "+
			"in the sandbox (%s runs whatever read_only lists)", fields[0])
	}
	return fix
}

// missingModule is the module a Python traceback (or the SDK's own import
// line) says could not be imported, or "".
func missingModule(text string) string {
	if m := sdkImportRE.FindStringSubmatch(text); m != nil {
		return m[1]
	}
	if m := noModuleRE.FindStringSubmatch(text); m != nil {
		return m[1]
	}
	return ""
}

// quotedList writes paths as the elements of an HCL list.
func quotedList(paths []string) string {
	q := make([]string, len(paths))
	for i, p := range paths {
		q[i] = strconv.Quote(p)
	}
	return strings.Join(q, ", ")
}
