package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/internal/clitest"
)

// lockedSuite is a suite that pins match to ./match and answers "42".
const lockedSuite = `plugin "scorer" "match" {
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
`

// includesSuite is a sibling suite of lockedSuite using another scorer.
var includesSuite = strings.NewReplacer(`plugin "scorer" "match" {
  source = "./match"
}
`, "", `scorer "match"`, `scorer "includes"`).Replace(lockedSuite)

// copyMatch copies the built match scorer to dir/match.
func copyMatch(t *testing.T, dir string) string {
	t.Helper()
	match := filepath.Join(dir, "match")
	data, err := os.ReadFile(filepath.Join(clitest.PluginDir, "swarmhost-scorer-match"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(match, data, 0o755))
	return match
}

// lockNames reads a lock file's kind/name entries.
func lockNames(t *testing.T, path string) ([]string, []string) {
	t.Helper()
	var lock struct {
		Plugins []struct{ Kind, Name, Path, SHA256 string }
	}
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, &lock))
	var names, paths []string
	for _, e := range lock.Plugins {
		names = append(names, e.Kind+"/"+e.Name)
		paths = append(paths, e.Path)
		assert.Len(t, e.SHA256, 64)
	}
	return names, paths
}

func TestPluginsLock(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	match := copyMatch(t, dir)
	suite := filepath.Join(dir, "suite.hcl")
	require.NoError(t, os.WriteFile(suite, []byte(lockedSuite), 0o644))

	code, stdout, stderr := runCLI(t, "plugins", "lock", suite)
	require.Equal(t, ExitOK, code, stderr)
	lock := filepath.Join(dir, "suite.lock.json")
	assert.Contains(t, stdout, lock, "a file suite's lock is named after it")
	names, paths := lockNames(t, lock)
	assert.Equal(t, []string{"agent/scripted", "controller/leaderless", "scorer/match"}, names)
	assert.Equal(t, "match", paths[2], "paths below the lock file are relative")

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
	assert.Contains(t, stderr, "swarmhost plugins lock "+suite, "it says how to update the lock")

	code, _, stderr = runCLI(t, "plugins", "lock", suite)
	require.Equal(t, ExitOK, code, stderr)
	code, _, stderr = runCLI(t, "run", suite, "--log-dir", filepath.Join(dir, "logs"))
	assert.Equal(t, ExitOK, code, "the updated lock accepts the changed binary:\n%s", stderr)
}

// TestALockPerSuite: suites that share a directory each have their own
// lock, so locking one leaves its siblings runnable; the directory, when
// it is one suite, has its own too.
func TestALockPerSuite(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	copyMatch(t, dir)
	a, b := filepath.Join(dir, "a.hcl"), filepath.Join(dir, "b.hcl")
	require.NoError(t, os.WriteFile(a, []byte(lockedSuite), 0o644))
	require.NoError(t, os.WriteFile(b, []byte(includesSuite), 0o644))

	code, _, stderr := runCLI(t, "plugins", "lock", a)
	require.Equal(t, ExitOK, code, stderr)
	code, _, stderr = runCLI(t, "run", b, "--log-dir", filepath.Join(dir, "logs"))
	require.Equal(t, ExitOK, code, "a's lock does not refuse its sibling b:\n%s", stderr)
	code, _, stderr = runCLI(t, "plugins", "lock", b)
	require.Equal(t, ExitOK, code, stderr)
	names, _ := lockNames(t, filepath.Join(dir, "b.lock.json"))
	assert.Equal(t, []string{"agent/scripted", "controller/leaderless", "scorer/includes"}, names, "only b's plugins")
	code, _, stderr = runCLI(t, "run", a, "--log-dir", filepath.Join(dir, "logs"))
	require.Equal(t, ExitOK, code, "b's lock does not refuse a:\n%s", stderr)

	single := t.TempDir()
	copyMatch(t, single)
	require.NoError(t, os.WriteFile(filepath.Join(single, "suite.hcl"), []byte(lockedSuite), 0o644))
	code, stdout, stderr := runCLI(t, "plugins", "lock", single)
	require.Equal(t, ExitOK, code, stderr)
	assert.Contains(t, stdout, filepath.Join(single, "swarmhost.lock.json"), "a directory suite's lock")
	code, _, stderr = runCLI(t, "run", single, "--log-dir", filepath.Join(single, "logs"))
	require.Equal(t, ExitOK, code, stderr)
}

// TestLockingADirectoryOfSuites: a directory holding several suites is
// one suite with every name defined twice; the error says so once, and
// how to lock one of them.
func TestLockingADirectoryOfSuites(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	copyMatch(t, dir)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.hcl"), []byte(lockedSuite), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "b.hcl"), []byte(includesSuite), 0o644))
	code, _, stderr := runCLI(t, "plugins", "lock", dir)
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, stderr, "Error: Duplicate model \"default\"")
	assert.Equal(t, 1, strings.Count(stderr, "Warning: A directory is one suite"), stderr)
	assert.Contains(t, stderr, "loads every .hcl file in it as one suite: a.hcl, b.hcl")
	assert.Contains(t, stderr, "swarmhost plugins lock "+filepath.Join(dir, "a.hcl"))
}

// TestALegacyDirectoryLock: a file suite without a lock of its own is
// still held to the directory's swarmhost.lock.json that swarmhost wrote
// before each suite had its own, and the refusal says how to move on.
func TestALegacyDirectoryLock(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	copyMatch(t, dir)
	a, b := filepath.Join(dir, "a.hcl"), filepath.Join(dir, "b.hcl")
	require.NoError(t, os.WriteFile(a, []byte(lockedSuite), 0o644))
	require.NoError(t, os.WriteFile(b, []byte(includesSuite), 0o644))
	code, _, stderr := runCLI(t, "plugins", "lock", a)
	require.Equal(t, ExitOK, code, stderr)
	require.NoError(t, os.Rename(filepath.Join(dir, "a.lock.json"), filepath.Join(dir, LockFile)))

	code, _, stderr = runCLI(t, "run", b, "--log-dir", filepath.Join(dir, "logs"))
	assert.Equal(t, ExitUsage, code, "the old directory lock still binds b")
	assert.Contains(t, stderr, filepath.Join(dir, LockFile)+" does not list it")
	assert.Contains(t, stderr, "run `swarmhost plugins lock "+b+"` to write this suite's own, "+filepath.Join(dir, "b.lock.json"))
	code, _, stderr = runCLI(t, "plugins", "lock", b)
	require.Equal(t, ExitOK, code, stderr)
	code, _, stderr = runCLI(t, "run", b, "--log-dir", filepath.Join(dir, "logs"))
	assert.Equal(t, ExitOK, code, "its own lock takes the old one's place:\n%s", stderr)
}
