package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var (
	// logLineRE matches the host's hclog lines (timestamped, with pids).
	logLineRE = regexp.MustCompile(`(?m)^\d{4}-\d\d-\d\dT[^\n]*\n`)
	// digestRE matches sha256 digests, which change with every build.
	digestRE = regexp.MustCompile(`\b[0-9a-f]{64}\b`)
)

// diagText is a command's output with what varies between machines and
// runs replaced: the suite's directory, the test plugins' directory, the
// repository root, the test binary's directory, digests and host log lines.
func diagText(out, suiteDir string) string {
	out = logLineRE.ReplaceAllString(out, "")
	exe, _ := os.Executable() // the test binary's directory is searched too
	for _, r := range []struct{ from, to string }{{suiteDir, "$SUITE"}, {pluginDir, "$PLUGINS"}, {repoPath(), "$REPO"},
		{filepath.Dir(exe), "$EXE"}} {
		out = strings.ReplaceAll(out, r.from, r.to)
	}
	return digestRE.ReplaceAllString(out, "<sha256>")
}

// assertGolden compares got with host/cli/testdata/golden/<name>; go test
// -update rewrites the file.
func assertGolden(t *testing.T, name, got string) {
	t.Helper()
	path := repoPath("host", "cli", "testdata", "golden", name)
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test -update to create it")
	assert.Equal(t, string(want), got, "%s (go test -update rewrites it)", path)
}

// goldenName turns a test case name into a file name.
func goldenName(dir, name string) string {
	return filepath.Join(dir, strings.NewReplacer(" ", "_", "/", "_").Replace(name)+".txt")
}
