package plugintest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// BinEnv names the environment variable that gives the swarmhost binary
// when [Suite].Swarmhost is empty.
const BinEnv = "SWARMHOST_BIN"

// swarmhost's exit codes.
const (
	ExitOK     = 0 // every eval succeeded
	ExitFailed = 1 // an eval ended with status error
	ExitUsage  = 2 // an invalid suite or command line: nothing ran
)

// Run writes the suite into a new directory under t.TempDir() and runs
// `swarmhost run --json --log-format json` on it, with args added (e.g.
// "--eval", "NAME", or "--var", "k=v"). A run that exits [ExitUsage] also
// gets its diagnostics (validated with args' --var arguments). Run fails
// the test when swarmhost cannot be found or started or runs past the
// suite's timeout; a run that fails returns its code and output for the
// test to check ([Result.RequireOK] fails the test with them).
func Run(t testing.TB, s Suite, args ...string) *Result {
	t.Helper()
	dir, suiteDir := prepare(t, s)
	logs := filepath.Join(dir, "logs")
	argv := append([]string{"run", "--json", "--log-format", "json", "--log-dir", logs, suiteDir}, args...)
	code, stdout, stderr := s.swarmhost(t, dir, argv...)
	res := &Result{Code: code, Stdout: stdout, Stderr: stderr, suitePath: filepath.Join(suiteDir, "suite.hcl")}
	for _, line := range strings.Split(stdout, "\n") {
		var sum Summary
		if json.Unmarshal([]byte(line), &sum) == nil && sum.Log != "" {
			if !filepath.IsAbs(sum.Log) {
				sum.Log = filepath.Join(dir, sum.Log)
			}
			res.Summaries = append(res.Summaries, sum)
		}
	}
	if code == ExitUsage {
		res.Diagnostics = validate(t, s, dir, suiteDir, varArgs(args))
	}
	return res
}

// Validate writes the suite as [Run] does and returns its diagnostics from
// `swarmhost validate --json`, with args added (e.g. "--var", "k=v").
func Validate(t testing.TB, s Suite, args ...string) []Diagnostic {
	t.Helper()
	dir, suiteDir := prepare(t, s)
	return validate(t, s, dir, suiteDir, args)
}

// prepare writes the suite into a new directory and returns both.
func prepare(t testing.TB, s Suite) (dir, suiteDir string) {
	t.Helper()
	dir = t.TempDir()
	suiteDir, err := s.write(dir)
	if err != nil {
		t.Fatalf("plugintest: %v", err)
	}
	return dir, suiteDir
}

// validate runs `swarmhost validate --json` on the suite directory.
func validate(t testing.TB, s Suite, dir, suiteDir string, args []string) []Diagnostic {
	t.Helper()
	code, stdout, stderr := s.swarmhost(t, dir, append([]string{"validate", "--json", suiteDir}, args...)...)
	var out struct {
		Diagnostics []Diagnostic `json:"diagnostics"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("plugintest: swarmhost validate --json exited %d without its JSON: %v\n%s", code, err, stderr)
	}
	for i := range out.Diagnostics {
		out.Diagnostics[i].File = relativeTo(out.Diagnostics[i].File, suiteDir)
	}
	return out.Diagnostics
}

// relativeTo makes a diagnostic's file relative to the suite directory.
func relativeTo(file, suiteDir string) string {
	if rel, err := filepath.Rel(suiteDir, file); err == nil && filepath.IsLocal(rel) {
		return rel
	}
	return file
}

// varArgs are the --var arguments among a run's arguments, which validate
// takes too.
func varArgs(args []string) []string {
	var out []string
	for i, a := range args {
		switch {
		case (a == "--var" || a == "-var") && i+1 < len(args):
			out = append(out, a, args[i+1])
		case strings.HasPrefix(a, "--var=") || strings.HasPrefix(a, "-var="):
			out = append(out, a)
		}
	}
	return out
}

// swarmhost runs the binary with args in dir and returns its exit code and
// output; it fails the test when the binary cannot run.
func (s Suite) swarmhost(t testing.TB, dir string, args ...string) (int, string, string) {
	t.Helper()
	bin, err := s.binary()
	if err != nil {
		t.Fatalf("plugintest: %v", err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Dir, cmd.Env = dir, s.environment()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	code, err := runBounded(cmd, cmpOrDuration(s.Timeout, DefaultTimeout))
	if err != nil {
		t.Fatalf("plugintest: swarmhost %s: %v\nstdout:\n%s\nstderr:\n%s", args[0], err, stdout.String(), stderr.String())
	}
	return code, stdout.String(), stderr.String()
}

// binary finds the swarmhost binary: Swarmhost, else $SWARMHOST_BIN, else
// swarmhost on $PATH.
func (s Suite) binary() (string, error) {
	switch {
	case s.Swarmhost != "":
		return filepath.Abs(s.Swarmhost)
	case os.Getenv(BinEnv) != "":
		return filepath.Abs(os.Getenv(BinEnv))
	}
	p, err := exec.LookPath("swarmhost")
	if err != nil {
		return "", fmt.Errorf("no swarmhost binary: put swarmhost on $PATH, set $%s to it, or give Suite.Swarmhost (%v)",
			BinEnv, err)
	}
	return filepath.Abs(p)
}

// environment is swarmhost's: this process's, PluginPath first on
// $SWARMHOST_PLUGIN_PATH, and Env.
func (s Suite) environment() []string {
	env := os.Environ()
	if len(s.PluginPath) > 0 {
		var dirs []string
		for _, d := range s.PluginPath {
			abs, _ := filepath.Abs(d)
			dirs = append(dirs, abs)
		}
		if old := os.Getenv("SWARMHOST_PLUGIN_PATH"); old != "" {
			dirs = append(dirs, old)
		}
		env = append(env, "SWARMHOST_PLUGIN_PATH="+strings.Join(dirs, string(os.PathListSeparator)))
	}
	return append(env, s.Env...)
}
