package hosttest_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/internal/testplugins"
	"github.com/swarmhost/swarmhost/host/isolate"
	"github.com/swarmhost/swarmhost/sdk/plugintest"
)

// exactSuite scores a scripted "paris" against "Paris" with the example
// scorer exact-text, beside the test binary's relay controller.
const exactSuite = `model "default" {
  provider = "mockllm"
}
task "one" {
  dataset {
    sample {
      id     = "fr"
      input  = "Capital of France?"
      target = "Paris"
    }
  }
  scorer "exact-text" {
    ignore_case = true
  }
}
swarm "solo" {
  member "scripted" {
    config {
      steps = [{ action = "submit", answer = "paris" }]
    }
  }
  controller "relay" {}
}
eval "e" {
  task  = task.one
  swarm = swarm.solo
}
`

// TestAPluginFileUnderTest: a built plugin binary is put under test beside
// the test binary's own plugins, each with a plugin block of its own.
func TestAPluginFileUnderTest(t *testing.T) {
	t.Parallel()
	bin := filepath.Join(t.TempDir(), "swarmhost-scorer-exact-text")
	require.NoError(t, testplugins.GoBuild(filepath.Join(testplugins.Root(), "examples", "plugins", "exact-text"), bin, "."))
	res := plugintest.Run(t, plugintest.Suite{HCL: exactSuite, Plugins: []string{bin}})
	res.RequireOK(t)
	s := res.Samples(t)
	require.Len(t, s, 1)
	assert.Equal(t, "C", s[0].Scores["exact-text"])
	assert.Equal(t, map[string]string{"scripted": "submitted"}, s[0].Statuses())
	assert.Equal(t, "paris", s[0].Answer)
}

// TestUntrustedPluginsUnderTest: with Untrusted, the test binary and the
// plugin file run in swarmhost's sandbox, and still serve the run.
func TestUntrustedPluginsUnderTest(t *testing.T) {
	t.Parallel()
	if isolate.Default().Tier() == isolate.TierNone {
		if err := isolate.ExpectationError(); err != nil {
			t.Fatal(err)
		}
		t.Skipf("an untrusted plugin needs a sandbox, and this machine offers none (%s)", isolate.Default().Describe())
	}
	bin := filepath.Join(t.TempDir(), "swarmhost-scorer-exact-text")
	require.NoError(t, testplugins.GoBuild(filepath.Join(testplugins.Root(), "examples", "plugins", "exact-text"), bin, "."))
	res := plugintest.Run(t, plugintest.Suite{HCL: exactSuite, Plugins: []string{bin}, Trust: plugintest.Untrusted,
		Env: []string{"SWARMHOST_LOG_LEVEL=info"}})
	res.RequireOK(t)
	assert.Equal(t, "C", res.Samples(t)[0].Scores["exact-text"])
	assert.Contains(t, res.Stderr, "plugin is untrusted: starting it", "the plugins ran sandboxed")
}

// TestOnlyTheUsedPluginsAreBuilt: hosttest.Main built the two repository
// plugins this package's suites use, and no other.
func TestOnlyTheUsedPluginsAreBuilt(t *testing.T) {
	t.Parallel()
	entries, err := os.ReadDir(filepath.Dir(os.Getenv(plugintest.BinEnv)))
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.ElementsMatch(t, []string{".swarmhost-trusted.json", "swarmhost", "swarmhost-agent-scripted", "swarmhost-scorer-match"}, names)
}
