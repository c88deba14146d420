// Package hosttest runs sdk/plugintest inside this repository: the tests of
// a package that puts a plugin under test through the real swarmhost
// binary get that binary built from this source, with only the repository
// plugins their suites use beside it (trusted by a manifest, as `make
// build` trusts them). A plugin author outside the repository needs none
// of this: plugintest finds an installed swarmhost on $PATH.
//
//	func TestMain(m *testing.M) {
//		hosttest.Main(m, sdk.Plugins{Controllers: []controller.Controller{relay{}}},
//			"agent-scripted", "scorer-match")
//	}
//
// The package's own tests are plugintest's end-to-end tests.
package hosttest

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/swarmhost/swarmhost/host/internal/testplugins"
	"github.com/swarmhost/swarmhost/host/plugins"
	"github.com/swarmhost/swarmhost/sdk"
	"github.com/swarmhost/swarmhost/sdk/plugintest"
)

// Main is the test package's TestMain: it builds swarmhost and the named
// repository plugins ("<kind>-<name>", as testplugins.BuildNamed) into a
// temporary directory, points $SWARMHOST_BIN at it, and runs the tests
// with p under test (plugintest.Tests), then removes the directory.
// Launched by swarmhost as a plugin, the test binary serves p.
func Main(m *testing.M, p sdk.Plugins, used ...string) {
	plugintest.ServeIfLaunched(p)
	dir, err := os.MkdirTemp("", "swarmhost-hosttest-")
	if err == nil {
		err = Build(dir, used...)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "hosttest:", err)
		os.Exit(1)
	}
	os.Setenv(plugintest.BinEnv, filepath.Join(dir, "swarmhost"))
	code := plugintest.Tests(m, p)
	os.RemoveAll(dir)
	os.Exit(code)
}

// Build builds swarmhost and the named repository plugins into dir, with
// the trust manifest that trusts those plugins beside them.
func Build(dir string, used ...string) error {
	if err := testplugins.GoBuild(testplugins.Root(), filepath.Join(dir, "swarmhost"), "./cmd/swarmhost"); err != nil {
		return err
	}
	if len(used) == 0 {
		return nil
	}
	bins, err := testplugins.BuildNamed(dir, used...)
	if err != nil {
		return err
	}
	paths := make([]string, 0, len(bins))
	for _, b := range bins {
		paths = append(paths, b)
	}
	slices.Sort(paths)
	return plugins.WriteManifest(dir, paths)
}
