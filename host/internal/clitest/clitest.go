// Package clitest is what the tests of the command line (host/cli) and the
// end-to-end tests (host/e2e) share: the repository's plugins built once per
// test binary, a buffer a run's goroutines write to, and golden files with
// -update. It does not import host/cli, whose own tests import it.
package clitest

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/internal/testplugins"
)

// Update is the -update flag: golden files are rewritten, not compared.
var Update = flag.Bool("update", false, "rewrite golden files")

// PluginDir holds the repository's plugins once [Main] has built them.
var PluginDir string

// Main builds the repository's plugins into a fresh directory ([PluginDir]),
// puts it on SWARMHOST_PLUGIN_PATH, trusts the repository's Python plugins,
// runs the tests and exits with their code: a test package's TestMain.
func Main(m *testing.M) {
	dir, err := os.MkdirTemp("", "swarmhost-cli-plugins-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if _, err := testplugins.Build(dir); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	PluginDir = dir
	os.Setenv("SWARMHOST_PLUGIN_PATH", dir)
	if err := testplugins.TrustRepositoryScripts(); err != nil { // they ran trusted before trust by identity
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// RepoPath is a path in the repository.
func RepoPath(parts ...string) string {
	return filepath.Join(append([]string{testplugins.Root()}, parts...)...)
}

// SyncBuffer is a bytes.Buffer safe for the concurrent writes of a run
// (progress lines from sample workers, host logs).
type SyncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

// Write appends p.
func (b *SyncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// String returns what was written.
func (b *SyncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// ANSI matches terminal escape sequences (and carriage returns) in a
// live display's output.
var ANSI = regexp.MustCompile(`\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\r`)

var (
	// logLineRE matches the host's hclog lines (timestamped, with pids).
	logLineRE = regexp.MustCompile(`(?m)^\d{4}-\d\d-\d\dT[^\n]*\n`)
	// digestRE matches sha256 digests, which change with every build.
	digestRE = regexp.MustCompile(`\b[0-9a-f]{64}\b`)
)

// DiagText is a command's output with what varies between machines and
// runs replaced: the suite's directory, the test plugins' directory, the
// repository root, the test binary's directory, digests and host log lines.
func DiagText(out, suiteDir string) string {
	out = logLineRE.ReplaceAllString(out, "")
	exe, _ := os.Executable() // the test binary's directory is searched too
	for _, r := range []struct{ from, to string }{{suiteDir, "$SUITE"}, {PluginDir, "$PLUGINS"}, {RepoPath(), "$REPO"},
		{filepath.Dir(exe), "$EXE"}} {
		if r.from != "" {
			out = strings.ReplaceAll(out, r.from, r.to)
		}
	}
	return digestRE.ReplaceAllString(out, "<sha256>")
}

// AssertGolden compares got with the golden file at path; go test -update
// rewrites the file.
func AssertGolden(t *testing.T, path, got string) {
	t.Helper()
	if *Update {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test -update to create it")
	assert.Equal(t, string(want), got, "%s (go test -update rewrites it)", path)
}

// GoldenName turns a test case name into a file name under dir.
func GoldenName(dir, name string) string {
	return filepath.Join(dir, strings.NewReplacer(" ", "_", "/", "_").Replace(name)+".txt")
}
