package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/internal/clitest"
)

func TestPluginsLock(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	match := filepath.Join(dir, "match")
	data, err := os.ReadFile(filepath.Join(clitest.PluginDir, "swarmhost-scorer-match"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(match, data, 0o755))
	suite := filepath.Join(dir, "suite.hcl")
	require.NoError(t, os.WriteFile(suite, []byte(`plugin "scorer" "match" {
  source = "./match"
}
model "default" {
  provider = "mockllm"
}
task "t" {
  dataset {
    sample {
      input  = "q"
      target = "42"
    }
  }
  scorer "match" {}
}
swarm "s" {
  member "scripted" {
    config {
      steps = [{ action = "submit", answer = "42" }]
    }
  }
}
eval "e" {
  task  = task.t
  swarm = swarm.s
}
`), 0o644))

	code, stdout, stderr := runCLI(t, "plugins", "lock", suite)
	require.Equal(t, ExitOK, code, stderr)
	assert.Contains(t, stdout, LockFile)
	var lock struct {
		Plugins []struct{ Kind, Name, Path, SHA256 string }
	}
	raw, err := os.ReadFile(filepath.Join(dir, LockFile))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, &lock))
	var names []string
	for _, e := range lock.Plugins {
		names = append(names, e.Kind+"/"+e.Name)
		assert.Len(t, e.SHA256, 64)
	}
	assert.Equal(t, []string{"agent/scripted", "controller/leaderless", "scorer/match"}, names)
	assert.Equal(t, "match", lock.Plugins[2].Path, "paths below the lock file are relative")

	code, _, stderr = runCLI(t, "run", suite, "--log-dir", filepath.Join(dir, "logs"))
	require.Equal(t, ExitOK, code, "a locked suite runs:\n%s", stderr)

	f, err := os.OpenFile(match, os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString("tampered")
	require.NoError(t, err)
	require.NoError(t, f.Close())
	code, _, stderr = runCLI(t, "run", suite, "--log-dir", filepath.Join(dir, "logs"))
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, stderr, `efusing to run scorer plugin "match"`)
	assert.Contains(t, stderr, "swarmhost plugins lock "+dir, "it says how to update the lock")

	code, _, stderr = runCLI(t, "plugins", "lock", suite)
	require.Equal(t, ExitOK, code, stderr)
	code, _, stderr = runCLI(t, "run", suite, "--log-dir", filepath.Join(dir, "logs"))
	assert.Equal(t, ExitOK, code, "the updated lock accepts the changed binary:\n%s", stderr)
}
