package plugins

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// probeTimeout bounds the import check of a Python plugin's interpreter.
const probeTimeout = 10 * time.Second

// interpreterArgs are the interpreter flags of a Python plugin's #! line
// (`#!/venv/bin/python -S` gives -S), which change what it can import.
func interpreterArgs(path string) []string {
	first, _ := headLines(path)
	fields := strings.Fields(strings.TrimPrefix(first, "#!"))
	if len(fields) == 0 || !strings.Contains(first, "python") {
		return nil
	}
	start := 1
	if filepath.Base(fields[0]) == "env" {
		for start < len(fields) && !strings.Contains(fields[start], "python") {
			start++
		}
		start++
	}
	if start > len(fields) {
		return nil
	}
	return fields[start:]
}

// canImport reports whether interp (run with args) imports module here.
// An interpreter that cannot be run cannot import it.
func canImport(interp string, args []string, module string) bool {
	if !filepath.IsAbs(interp) {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), probeTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, interp, append(append([]string{}, args...), "-c", "import "+module)...)
	return cmd.Run() == nil
}

// importedElsewhere is the message for a module the plugin could not
// import although its interpreter, run the same way here, can: something
// of the plugin's own start (its environment, sys.path edits, a launcher
// that picked another interpreter) differs, so the interpreter is not to
// blame.
func importedElsewhere(module, interp string) string {
	return fmt.Sprintf("it is a Python plugin and it could not import module %q, so it exited before the go-plugin "+
		"handshake; its interpreter, %s, imports that module when swarmhost runs it, so the plugin's own start-up differs "+
		"(its environment, such as PYTHONPATH or SWARMHOST_PYTHON, or what it does to sys.path before the import): "+
		"run the plugin file by hand to see", module, interp)
}
