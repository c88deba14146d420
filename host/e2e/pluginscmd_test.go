package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/internal/clitest"
	"github.com/swarmhost/swarmhost/host/plugins"
)

func TestPluginsListsEveryBuiltIn(t *testing.T) {
	t.Parallel()
	code, out, errOut := runCLI(t, "plugins")
	require.Equal(t, cli.ExitOK, code, errOut)
	for _, want := range []string{"agent", "scripted", "controller", "leaderless", "scorer", "match", "includes"} {
		assert.Contains(t, out, want)
	}
	sum, err := plugins.FileSHA256(filepath.Join(clitest.PluginDir, "swarmhost-scorer-match"))
	require.NoError(t, err)
	assert.Contains(t, out, sum)
	assert.Regexp(t, `scorer\s+match\s+0\.1\.0\s+1\s+`, out)
}

func TestPinnedChecksumMismatchIsRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src, err := os.ReadFile(repoPath("host", "e2e", "testdata", "suites", "first.hcl"))
	require.NoError(t, err)
	pin := `plugin "scorer" "match" {
  source = "` + filepath.Join(clitest.PluginDir, "swarmhost-scorer-match") + `"
  sha256 = "` + strings.Repeat("0", 64) + `"
}
`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "suite.hcl"), append([]byte(pin), src...), 0o644))
	code, out, errOut := runCLI(t, "run", filepath.Join(dir, "suite.hcl"), "--log-dir", dir)
	assert.Equal(t, cli.ExitUsage, code, out)
	assert.Contains(t, errOut, "swarmhost-scorer-match")
	assert.Contains(t, errOut, strings.Repeat("0", 64))
	entries, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	assert.Empty(t, entries, "nothing may run on a checksum mismatch")
}

func TestLogSummary(t *testing.T) {
	t.Parallel()
	code, sum, errOut := runJSON(t, repoPath("examples", "quickstart"), "--limit", "2")
	require.Equal(t, cli.ExitOK, code, errOut)
	code, out, errOut := runCLI(t, "log", sum["log"].(string))
	require.Equal(t, cli.ExitOK, code, errOut)
	for _, want := range []string{"task arith", "status success", "score match: accuracy=1.000",
		"fast:submitted", "thinker-1:stopped", "q1", "q2"} {
		assert.Contains(t, out, want)
	}
}

// TestPluginsAppliesTheSuitesPins: given a suite, `swarmhost plugins`
// lists what a run would use: a plugin pinned to a file outside the search
// path appears with that path, and a pin whose sha256 does not match is an
// error below the table, not a VERSION.
func TestPluginsAppliesTheSuitesPins(t *testing.T) {
	t.Parallel()
	dir, elsewhere := t.TempDir(), t.TempDir()
	moved := filepath.Join(elsewhere, "swarmhost-scorer-moved")
	require.NoError(t, copyFile(filepath.Join(clitest.PluginDir, "swarmhost-scorer-match"), moved, 0o755))
	suite := `plugin "scorer" "moved" { source = "` + moved + `" }
plugin "scorer" "includes" { sha256 = "` + strings.Repeat("0", 64) + `" }
`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "suite.hcl"), []byte(suite), 0o644))
	code, out, errOut := runCLI(t, "plugins", filepath.Join(dir, "suite.hcl"))
	require.Equal(t, cli.ExitOK, code, errOut)
	t.Log(out)
	assert.Regexp(t, `scorer\s+moved\s+-\s+-\s+error \[2\]\s+`+moved, out, "served under another name: an error")
	assert.Regexp(t, `scorer\s+includes\s+-\s+-\s+error \[1\]\s+`, out)
	assert.Regexp(t, `scorer\s+match\s+0\.1\.0\s+1\s+ok\s+`, out)
	assert.Contains(t, out, "\n[2] scorer moved: scorer plugin \"moved\" ("+moved+"): the binary serves scorer plugin \"match\", not \"moved\"")
	assert.Contains(t, out, "\n[1] scorer includes: refusing to run scorer plugin \"includes\"")
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) > 2 && f[0] == "scorer" {
			assert.NotContains(t, f[2], "error", "VERSION column: %s", line)
		}
	}
}

// TestPluginsSchema: `plugins schema KIND NAME` prints the plugin's block
// as annotated HCL (golden), or its metadata as JSON; an unknown plugin is
// a usage error naming where it was looked for.
func TestPluginsSchema(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		args []string
		code int
	}{
		"scorer match":        {args: []string{"scorer", "match"}},
		"agent react":         {args: []string{"agent", "react"}},
		"controller escalate": {args: []string{"controller", "escalate"}},
		"unknown plugin":      {args: []string{"scorer", "mtach"}, code: cli.ExitUsage},
		"missing name":        {args: []string{"scorer"}, code: cli.ExitUsage},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			code, out, errOut := runCLI(t, append([]string{"plugins", "schema"}, tc.args...)...)
			require.Equal(t, tc.code, code, "stdout: %s\nstderr: %s", out, errOut)
			assertGolden(t, clitest.GoldenName("schema", name), clitest.DiagText(out+errOut, t.TempDir()))
		})
	}
	code, out, errOut := runCLI(t, "plugins", "schema", "scorer", "match", "--json")
	require.Equal(t, cli.ExitOK, code, errOut)
	var md map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &md))
	assert.Equal(t, "match", md["name"])
	assert.Equal(t, "scorer", md["kind"])
	attrs := md["schema"].(map[string]any)["attributes"].([]any)
	require.NotEmpty(t, attrs)
	assert.Equal(t, map[string]any{"name": "location", "type": "string", "required": false, "default": "end",
		"description": `Where the target must be: "begin", "end", "any" or "exact".`}, attrs[0], "snake_case keys")
	code, out, errOut = runCLI(t, "plugins", "schema", "controller", "escalate", "--json")
	require.Equal(t, cli.ExitOK, code, errOut)
	assert.Contains(t, out, "(with count > 1", "> as it is")
	assert.NotContains(t, out, `\u003e`)
}

// TestPluginsHelpAndUnknownWords: `plugins --help` lists the subcommands
// and exits 0; a word that is neither a subcommand nor a suite is a usage
// error, as a bad flag is.
func TestPluginsHelpAndUnknownWords(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		args   []string
		code   int
		stdout string
		stderr string
	}{
		"help":            {args: []string{"--help"}, stdout: "swarmhost plugins lock SUITE"},
		"help word":       {args: []string{"help"}, stdout: "plugins schema    print a plugin's config schema"},
		"subcommand help": {args: []string{"schema", "-h"}, stdout: "swarmhost plugins schema KIND NAME"},
		"unknown word": {args: []string{"nosuchword"}, code: cli.ExitUsage,
			stderr: `swarmhost plugins: "nosuchword" is neither a subcommand (schema, lock) nor a suite (no such file or directory)`},
		"unknown flag": {args: []string{"--nosuchflag"}, code: cli.ExitUsage, stderr: "flag provided but not defined: -nosuchflag"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			code, out, errOut := runCLI(t, append([]string{"plugins"}, tc.args...)...)
			require.Equal(t, tc.code, code, "stdout: %s\nstderr: %s", out, errOut)
			assert.Contains(t, out, tc.stdout)
			assert.Contains(t, errOut, tc.stderr)
		})
	}
}

// TestARenamedBinarySaysWhatItServes: a binary found as
// swarmhost-scorer-tolerance that serves "match" is refused with the name
// it serves and how to use it.
func TestARenamedBinarySaysWhatItServes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(dir, "plugins"), 0o755))
	require.NoError(t, copyFile(filepath.Join(clitest.PluginDir, "swarmhost-scorer-match"),
		filepath.Join(dir, "plugins", "swarmhost-scorer-tolerance"), 0o755))
	src, err := os.ReadFile(repoPath("host", "e2e", "testdata", "suites", "first.hcl"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "suite.hcl"),
		[]byte(strings.Replace(string(src), `scorer "match"`, `scorer "tolerance"`, 1)), 0o644))
	code, out, errOut := runCLI(t, "validate", filepath.Join(dir, "suite.hcl"))
	require.Equal(t, cli.ExitUsage, code, out)
	assert.Contains(t, errOut, `Binary does not serve scorer plugin "tolerance"`)
	assert.Contains(t, errOut, `the binary serves scorer plugin "match", not "tolerance"`)
	assert.Contains(t, errOut, `use it as scorer "match", named swarmhost-scorer-match`)
}
