package cli

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/internal/clitest"
)

func TestValidate(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		suite    string
		code     int
		contains []string
	}{
		"quickstart is valid": {suite: repoPath("examples", "quickstart"), code: ExitOK,
			contains: []string{"ok (1 evals)"}},
		"every error with file, line and snippet": {suite: repoPath("host", "cli", "testdata", "suites", "bad.hcl"),
			code: ExitUsage, contains: []string{
				"Unsupported argument", `Did you mean "location"?`, "bad.hcl line 13",
				`unknown action "dance"`, `swarm.nope`,
			}},
		"missing suite": {suite: "/nonexistent/suite.hcl", code: ExitUsage, contains: []string{"/nonexistent/suite.hcl"}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			code, out, errOut := runCLI(t, "validate", tc.suite)
			assert.Equal(t, tc.code, code, "stdout: %s\nstderr: %s", out, errOut)
			for _, s := range tc.contains {
				assert.Contains(t, out+errOut, s)
			}
		})
	}
}

func TestUsageErrors(t *testing.T) {
	t.Parallel()
	cases := map[string][]string{
		"no command":        nil,
		"unknown command":   {"dance"},
		"run without suite": {"run"},
		"bad var":           {"run", repoPath("examples", "quickstart"), "--var", "novalue"},
		"unknown eval":      {"run", repoPath("examples", "quickstart"), "--eval", "nope"},
	}
	for name, args := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			code, _, _ := runCLI(t, args...)
			assert.Equal(t, ExitUsage, code)
		})
	}
}

// TestValidateJSON: validate --json prints every diagnostic as JSON on
// stdout, with file, line, column and range (golden), and nothing else.
func TestValidateJSON(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		suite string
		code  int
	}{
		"bad":        {suite: repoPath("host", "cli", "testdata", "suites", "bad.hcl"), code: ExitUsage},
		"quickstart": {suite: repoPath("examples", "quickstart"), code: ExitOK},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			code, out, errOut := runCLI(t, "validate", "--json", tc.suite)
			assert.Equal(t, tc.code, code, "stderr: %s", errOut)
			var got validateJSON
			require.NoError(t, json.Unmarshal([]byte(out), &got), out)
			assert.Equal(t, tc.code == ExitOK, got.Valid)
			assert.NotContains(t, errOut, "Error:", "diagnostics go to stdout as JSON only")
			for _, d := range got.Diagnostics {
				assert.Contains(t, []string{"error", "warning"}, d.Severity)
				if d.Range != nil {
					assert.Equal(t, d.Line, d.Range.Start.Line)
					assert.Equal(t, d.Column, d.Range.Start.Column)
				}
			}
			assertGolden(t, filepath.Join("validate", name+".json"), clitest.DiagText(out, filepath.Dir(tc.suite)))
		})
	}
}
