package cli

import (
	"testing"

	"github.com/swarmhost/swarmhost/host/internal/clitest"
)

// TestMain builds the repository's plugins once for the package.
func TestMain(m *testing.M) { clitest.Main(m) }

// repoPath is a path in the repository.
var repoPath = clitest.RepoPath

// runCLI runs the command line in-process and returns its exit code and
// output.
func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut clitest.SyncBuffer
	code := run(env{stdout: &out, stderr: &errOut}, args)
	return code, out.String(), errOut.String()
}

// assertGolden compares got with host/cli/testdata/golden/<name>; go test
// -update rewrites the file.
func assertGolden(t *testing.T, name, got string) {
	t.Helper()
	clitest.AssertGolden(t, repoPath("host", "cli", "testdata", "golden", name), got)
}
