// Package hosttest runs an HCL suite against the plugin under test through
// the real host, as terraform-plugin-testing runs real configurations: the
// suite is loaded, validated and run by the same code as `swarmhost run`,
// and the plugin is a real process speaking the real protocol. It lives
// outside sdk/, which never imports the host.
//
// The plugin process is the test binary itself (go-plugin's helper-process
// pattern): the test package's TestMain hands its plugins to [Main], which
// serves them when the host launches the binary as a plugin and otherwise
// builds the repository's own plugins (for the suite's other members and
// scorers) and runs the tests.
//
//	func TestMain(m *testing.M) {
//		hosttest.Main(m, sdk.Plugins{Controllers: []controller.Controller{NewVote()}})
//	}
//
//	func TestSuite(t *testing.T) {
//		res := hosttest.Run(t, hosttest.Case{Plugin: hosttest.Controller("vote"), Suite: `...`})
//		// res.Records(t) ...
//	}
package hosttest

import (
	"fmt"
	"os"
	"testing"

	"github.com/swarmhost/swarmhost/host/internal/testplugins"
	"github.com/swarmhost/swarmhost/sdk"
)

// serveEnv marks a run of the test binary as the plugin under test.
const serveEnv = "SWARMHOST_HOSTTEST_SERVE"

// Main is the test package's TestMain: as the plugin under test (the host
// launched the test binary) it serves p and never returns; otherwise it
// builds the repository's plugins onto the plugin path, runs the tests
// and exits with their code.
func Main(m *testing.M, p sdk.Plugins) {
	if os.Getenv(serveEnv) == "1" {
		sdk.Serve(p)
		os.Exit(0)
	}
	dir, err := os.MkdirTemp("", "swarmhost-hosttest-")
	if err == nil {
		_, err = testplugins.Build(dir)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "hosttest: build the repository's plugins:", err)
		os.Exit(1)
	}
	os.Setenv("SWARMHOST_PLUGIN_PATH", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
