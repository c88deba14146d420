package studye2e

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/internal/testplugins"
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "swarmhost-study-plugins-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if _, err := testplugins.Build(dir); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("SWARMHOST_PLUGIN_PATH", dir)
	if err := testplugins.TrustRepositoryScripts(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// runCLI runs the command line in-process and returns its exit code and
// output.
func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut syncBuffer
	code := cli.Run(&out, &errOut, args)
	return code, out.String(), errOut.String()
}

// syncBuffer is a bytes.Buffer safe for a run's concurrent writes.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// repoPath is a path in the repository.
func repoPath(parts ...string) string {
	return filepath.Join(append([]string{testplugins.Root()}, parts...)...)
}

// script runs one of scripts/ (a venv or a browser installer) once per
// package: its printed lines, or a skip when it exits 3 (what it needs
// cannot be installed here) outside CI.
type script struct {
	name, need string
	args       []string
	once       sync.Once
	lines      []string
	skip       string
	err        error
}

func (s *script) run(t *testing.T) []string {
	t.Helper()
	s.once.Do(func() {
		var stderr bytes.Buffer
		cmd := exec.Command(repoPath("scripts", s.name), s.args...)
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		var exit *exec.ExitError
		switch {
		case errors.As(err, &exit) && exit.ExitCode() == 3 && os.Getenv("CI") != "true":
			s.skip = fmt.Sprintf("scripts/%s: %s: %s", s.name, s.need, strings.TrimSpace(stderr.String()))
		case err != nil:
			s.err = fmt.Errorf("scripts/%s: %w\n%s", s.name, err, stderr.String())
		default:
			s.lines = strings.Split(strings.TrimSpace(string(out)), "\n")
		}
	})
	if s.err != nil {
		t.Fatal(s.err)
	}
	if s.skip != "" {
		t.Skip(s.skip)
	}
	return s.lines
}

var (
	// venv is the test venv with inspect_ai (the Python bridge's).
	venv = &script{name: "venv.sh", need: "the Inspect bridge needs inspect_ai from PyPI"}
	// peer is the venv with Inspect Swarm 0.1.0.
	peer = &script{name: "venv-from.sh", args: []string{".venv-peer", "scripts/requirements-peer.txt"}, need: "Inspect Swarm 0.1.0 needs PyPI"}
	// browser is Chromium and playwright-core (scripts/viewer-deps.sh).
	browser = &script{name: "viewer-deps.sh", need: "the page test needs Chromium, playwright-core and npm"}
)
