package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/internal/clitest"
)

// startSuite is a one-scorer suite naming scorer plugin name, with extra
// top-level blocks (plugin pins).
func startSuite(name, extra string) string {
	return extra + deadlineSuite(`scorer "`+name+`" {}`, "")
}

// TestStartFailuresNameTheirCause: every way a plugin can fail to start is
// a validate diagnostic with its own summary, pointing where the fix goes,
// instead of `No scorer plugin named X`.
func TestStartFailuresNameTheirCause(t *testing.T) {
	t.Parallel()
	wrongSum := strings.Repeat("ab", 32)
	cases := map[string]struct {
		suite    string
		install  []string
		lock     bool   // write a lock file that does not match
		script   string // installed as plugins/swarmhost-scorer-sleepy
		python   bool   // install the example Python scorer (untrusted: its copy is in no manifest)
		contains []string
	}{
		"missing": {suite: startSuite("nowhere", ""), contains: []string{
			`Error: No scorer plugin named "nowhere"`, "looked for swarmhost-scorer-nowhere"}},
		"sha256 mismatch points at the sha256 attribute": {
			suite: startSuite("match", `plugin "scorer" "match" { sha256 = "`+wrongSum+`" }`+"\n"),
			contains: []string{"Error: Plugin binary does not match its sha256", "suite.hcl line 1",
				`sha256 = "` + wrongSum + `"`, "update the sha256 in its plugin block"}},
		"lock mismatch": {suite: startSuite("match", ""), lock: true, contains: []string{
			"Error: Plugin binary does not match the lock file", "plugins lock"}},
		"crash at start shows its stderr": {suite: startSuite("crashstart", ""), install: []string{"scorer-crashstart"},
			contains: []string{"Error: Plugin exited during start-up", "exited before the go-plugin handshake",
				"cannot open /nonexistent/weights.bin"}},
		"handshake failure": {suite: startSuite("junkstart", ""), install: []string{"scorer-junkstart"},
			contains: []string{"Error: Plugin handshake failed", `printed "loading hostile plugin..." on stdout`}},
		"no handshake in time": {
			suite:  startSuite("sleepy", `plugin "scorer" "sleepy" { start_timeout = "1s" }`+"\n"),
			script: "#!/bin/sh\nexec sleep 30\n",
			contains: []string{"Error: Plugin did not start in time", "did not complete the go-plugin handshake within 1s",
				"raise start_timeout"}},
		"hang in ValidateConfig": {
			suite:    startSuite("hangvalidate", `plugin "scorer" "hangvalidate" { start_timeout = "5s" }`+"\n"),
			install:  []string{"scorer-hangvalidate"},
			contains: []string{"Error: Plugin could not validate its config", "its ValidateConfig did not answer within 5s"}},
		"hang in Metadata": {
			suite:    startSuite("hangmeta", `plugin "scorer" "hangmeta" { start_timeout = "10s" }`+"\n"),
			install:  []string{"scorer-hangmeta"},
			contains: []string{"Error: Plugin hung in Metadata", "its Metadata method (*main.hostileScorer) did not return within 10s"}},
		"untrusted Python plugin": {suite: startSuite("tolerance", ""), python: true, contains: []string{
			"Error: Untrusted Python plugin cannot run sandboxed", "it is untrusted", `trust  = "trusted"`}},
		"untrusted Python plugin points at its trust": {
			suite: startSuite("tolerance", `plugin "scorer" "tolerance" { trust = "untrusted" }`+"\n"), python: true,
			contains: []string{"Error: Untrusted Python plugin cannot run sandboxed", "suite.hcl line 1"}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			path := hostileSuite(t, tc.suite, tc.install...)
			if tc.python {
				venvPython(t)
				src, err := os.ReadFile(tolerancePlugin())
				require.NoError(t, err)
				edited := append(src, "# a copy: its bytes are in no trust manifest\n"...)
				require.NoError(t, os.WriteFile(filepath.Join(filepath.Dir(path), "plugins", "swarmhost-scorer-tolerance"), edited, 0o755))
			}
			if tc.script != "" {
				require.NoError(t, os.WriteFile(filepath.Join(filepath.Dir(path), "plugins", "swarmhost-scorer-sleepy"), []byte(tc.script), 0o755))
			}
			if tc.lock {
				lock := `{"comment": "", "plugins": [{"kind": "scorer", "name": "match", "path": "", "sha256": "` + wrongSum + `"}]}`
				require.NoError(t, os.WriteFile(filepath.Join(filepath.Dir(path), cli.LockFile), []byte(lock), 0o644))
			}
			code, out, errOut := runCLI(t, "validate", path)
			t.Log(out + errOut)
			assert.Equal(t, cli.ExitUsage, code, "stdout: %s\nstderr: %s", out, errOut)
			for _, s := range tc.contains {
				assert.Contains(t, out+errOut, s)
			}
			assert.NotContains(t, out+errOut, "handshake timeout")
			if !strings.HasPrefix(name, "missing") {
				assert.NotContains(t, out+errOut, "No scorer plugin named")
			}
			assert.NotContains(t, out+errOut, "-m pip install", "no interpreter is blamed")
			assertGolden(t, clitest.GoldenName("start", name), clitest.DiagText(out+errOut, filepath.Dir(path)))
		})
	}
}
