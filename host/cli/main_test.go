package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/swarmhost/swarmhost/host/internal/testplugins"
)

// pluginDir holds the repository's plugins, built once for the package.
var pluginDir string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "swarmhost-cli-plugins-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if _, err := testplugins.Build(dir); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	pluginDir = dir
	os.Setenv("SWARMHOST_PLUGIN_PATH", dir)
	if err := testplugins.TrustRepositoryScripts(); err != nil { // they ran trusted before trust by identity
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
	code := run(env{stdout: &out, stderr: &errOut}, args)
	return code, out.String(), errOut.String()
}

// syncBuffer is a bytes.Buffer safe for the concurrent writes of a run
// (progress lines from sample workers, host logs).
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

func repoPath(parts ...string) string {
	return filepath.Join(append([]string{testplugins.Root()}, parts...)...)
}
