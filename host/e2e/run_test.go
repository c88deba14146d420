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
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/swarm"

	"github.com/swarmhost/swarmhost/host/evallog/evallogtest"
)

// runJSON runs a suite with --json and returns the single eval's summary.
func runJSON(t *testing.T, args ...string) (int, map[string]any, string) {
	t.Helper()
	code, out, errOut := runCLI(t, append([]string{"run", "--json", "--log-format", "json", "--log-dir", t.TempDir()}, args...)...)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var sum map[string]any
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &sum), "stdout: %s\nstderr: %s", out, errOut)
	return code, sum, errOut
}

func readRecord(t *testing.T, s evallog.EvalSample) swarm.Record {
	t.Helper()
	b, err := json.Marshal(s.Store[swarm.StoreKeyResult])
	require.NoError(t, err)
	var rec swarm.Record
	require.NoError(t, json.Unmarshal(b, &rec))
	return rec
}

func statuses(rec swarm.Record) map[string]string {
	out := map[string]string{}
	for _, m := range rec.Members {
		if m.Status != nil {
			out[m.Name] = *m.Status
		} else {
			out[m.Name] = m.State
		}
	}
	return out
}

func TestRunQuickstart(t *testing.T) {
	t.Parallel()
	code, sum, errOut := runJSON(t, repoPath("examples", "quickstart"))
	require.Equal(t, cli.ExitOK, code, errOut)
	assert.Equal(t, "success", sum["status"])
	assert.Equal(t, "team_on_arith", sum["eval"])
	scores := sum["scores"].(map[string]any)["match"].(map[string]any)
	assert.InDelta(t, 2.0/3.0, scores["accuracy"], 1e-9)

	l, err := evallog.Read(sum["log"].(string))
	require.NoError(t, err)
	require.Len(t, l.Samples, 3)
	for _, s := range l.Samples {
		rec := readRecord(t, s)
		assert.Equal(t, map[string]string{"fast": "submitted", "thinker-1": "stopped", "thinker-2": "stopped",
			"thinker-3": "stopped"}, statuses(rec))
		assert.Equal(t, "fast", *rec.Final.Member)
		assert.Equal(t, "The answer is 42", s.Output.Completion)
	}
	validateLogFile(t, sum["log"].(string))
}

func TestRunVarOverride(t *testing.T) {
	t.Parallel()
	code, sum, errOut := runJSON(t, repoPath("examples", "quickstart"), "--var", "thinkers=1", "--limit", "1")
	require.Equal(t, cli.ExitOK, code, errOut)
	l, err := evallog.Read(sum["log"].(string))
	require.NoError(t, err)
	require.Len(t, l.Samples, 1)
	assert.Len(t, readRecord(t, l.Samples[0]).Members, 2)
}

func TestRunTableOutput(t *testing.T) {
	t.Parallel()
	code, out, errOut := runCLI(t, "run", repoPath("examples", "quickstart"), "--log-dir", t.TempDir(), "--limit", "1")
	require.Equal(t, cli.ExitOK, code, errOut)
	assert.Contains(t, out, "team_on_arith")
	assert.Contains(t, out, "accuracy=1.000")
}

func TestRunFailedSampleExitsOne(t *testing.T) {
	t.Parallel()
	suite := filepath.Join(t.TempDir(), "suite.hcl")
	src, err := os.ReadFile(repoPath("host", "e2e", "testdata", "suites", "first.hcl"))
	require.NoError(t, err)
	broken := strings.Replace(string(src), `target = "42"`, `target = "42"`+"\n      setup  = \"exit 3\"", 1)
	require.NoError(t, os.WriteFile(suite, []byte(broken), 0o644))
	code, sum, _ := runJSON(t, suite)
	assert.Equal(t, cli.ExitFailed, code)
	assert.Equal(t, "error", sum["status"])
}

func validateLogFile(t *testing.T, path string) {
	t.Helper()
	dir, err := evallogtest.InspectDir()
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, evallogtest.Validate(data, filepath.Join(dir, "inspect-openapi.json")))
	assert.Regexp(t, `^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}`, filepath.Base(path))
}
