package hosttest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/swarm"
)

// Plugin names the plugin under test: its kind ("agent", "controller" or
// "scorer") and name, as a suite refers to it.
type Plugin struct {
	Kind, Name string
}

// Agent names an agent plugin under test.
func Agent(name string) Plugin { return Plugin{Kind: "agent", Name: name} }

// Controller names a controller plugin under test.
func Controller(name string) Plugin { return Plugin{Kind: "controller", Name: name} }

// Scorer names a scorer plugin under test.
func Scorer(name string) Plugin { return Plugin{Kind: "scorer", Name: name} }

// Case is one suite run.
type Case struct {
	// Plugin is the plugin under test; the suite uses it by its name, and
	// a `plugin` block pointing at the test binary is added to the suite.
	Plugin Plugin
	// Suite is the suite's HCL.
	Suite string
	// Files are written beside the suite (datasets, ...), by relative path.
	Files map[string]string
	// Args are more `swarmhost run` arguments (e.g. "--eval", "NAME").
	Args []string
}

// Result is what the run produced.
type Result struct {
	// Code is the command's exit code (cli.ExitOK, ...).
	Code int
	// Stdout and Stderr are the command's output.
	Stdout, Stderr string
	// Summaries are the --json summary lines, one per eval.
	Summaries []map[string]any
}

// Run writes the case into a temporary directory and runs it with
// `swarmhost run --json --log-format json`, in-process, through the real
// host. It fails the test if the run cannot start; a run that reports
// diagnostics or fails returns its code and output for the test to check.
func Run(t testing.TB, c Case) Result {
	t.Helper()
	dir := t.TempDir()
	suite := pluginBlock(t, dir, c.Plugin) + c.Suite
	write(t, filepath.Join(dir, "suite.hcl"), suite, 0o644)
	for name, content := range c.Files {
		write(t, filepath.Join(dir, name), content, 0o644)
	}
	var out, errOut lockedBuffer
	args := append([]string{"run", "--json", "--log-format", "json", "--log-dir", filepath.Join(dir, "logs"),
		filepath.Join(dir, "suite.hcl")}, c.Args...)
	res := Result{Code: cli.Run(&out, &errOut, args)}
	res.Stdout, res.Stderr = out.String(), errOut.String()
	for _, line := range strings.Split(strings.TrimSpace(res.Stdout), "\n") {
		var sum map[string]any
		if json.Unmarshal([]byte(line), &sum) == nil {
			res.Summaries = append(res.Summaries, sum)
		}
	}
	return res
}

// Records reads every sample's swarm record from the logs the run wrote,
// in log order; it fails the test when the run wrote none.
func (r Result) Records(t testing.TB) []swarm.Record {
	t.Helper()
	var out []swarm.Record
	for _, sum := range r.Summaries {
		path, _ := sum["log"].(string)
		l, err := evallog.Read(path)
		if err != nil {
			t.Fatalf("hosttest: read log %q: %v", path, err)
		}
		for _, s := range l.Samples {
			out = append(out, record(t, s))
		}
	}
	if len(out) == 0 {
		t.Fatalf("hosttest: the run wrote no sample (exit %d)\nstdout: %s\nstderr: %s", r.Code, r.Stdout, r.Stderr)
	}
	return out
}

// record decodes a sample's swarm record from its store.
func record(t testing.TB, s evallog.EvalSample) swarm.Record {
	t.Helper()
	b, err := json.Marshal(s.Store[swarm.StoreKeyResult])
	var rec swarm.Record
	if err == nil {
		err = json.Unmarshal(b, &rec)
	}
	if err != nil {
		t.Fatalf("hosttest: sample %v has no swarm record: %v", s.ID, err)
	}
	return rec
}

// pluginBlock writes the launcher of the plugin under test (the test
// binary, told to serve) and returns the suite's plugin block for it.
func pluginBlock(t testing.TB, dir string, p Plugin) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatalf("hosttest: %v", err)
	}
	launcher := filepath.Join(dir, "plugins", "swarmhost-"+p.Kind+"-"+p.Name)
	write(t, launcher, fmt.Sprintf("#!/bin/sh\n%s=1 exec %q \"$@\"\n", serveEnv, exe), 0o755)
	// Trusted: the test binary is the code under test, run as the host runs
	// a plugin its user wrote.
	return fmt.Sprintf("plugin %q %q {\n  source = %q\n  trust  = \"trusted\"\n}\n", p.Kind, p.Name, launcher)
}

func write(t testing.TB, path, content string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatalf("hosttest: %v", err)
	}
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		t.Fatalf("hosttest: %v", err)
	}
}

// lockedBuffer is a bytes.Buffer safe for a run's concurrent writes.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
