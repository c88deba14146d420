package e2e

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/internal/clitest"
	"github.com/swarmhost/swarmhost/host/internal/testplugins"
)

// hostileBuild is testdata/hostile, built once per package run into the
// package's plugin directory (removed by TestMain; discovery ignores the
// name).
var hostileBuild = sync.OnceValues(func() (string, error) {
	bin := filepath.Join(clitest.PluginDir, "hostile")
	return bin, testplugins.GoBuild(testplugins.Root(), bin, "./host/e2e/testdata/hostile")
})

// hostileSuite writes suite as suite.hcl in a new directory whose plugins
// directory holds the hostile binary under each of names
// ("<kind>-<name>"), and returns the suite's path.
func hostileSuite(t *testing.T, suite string, names ...string) string {
	t.Helper()
	bin, err := hostileBuild()
	require.NoError(t, err)
	dir := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(dir, "plugins"), 0o755))
	for _, n := range names {
		require.NoError(t, copyFile(bin, filepath.Join(dir, "plugins", "swarmhost-"+n), 0o755))
	}
	path := filepath.Join(dir, "suite.hcl")
	require.NoError(t, os.WriteFile(path, []byte(suite), 0o644))
	return path
}

// copyFile copies src to dst with mode (a copy, not a link: each test's
// plugin is its own file).
func copyFile(src, dst string, mode os.FileMode) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, data, mode)
}
