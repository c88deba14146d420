package e2e

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/internal/testplugins"
)

// inspectReport is one log as scripts/check_inspect_log.py saw it through
// Inspect's own readers (read_eval_log, samples_df, evals_df).
type inspectReport struct {
	Path    string                    `json:"path"`
	Status  string                    `json:"status"`
	Samples int                       `json:"samples"`
	Scorers []string                  `json:"scorers"`
	Results map[string]map[string]any `json:"results"`
	// DFRows and DFScoreColumns are samples_df's rows and score_* columns.
	DFRows         int      `json:"df_rows"`
	DFScoreColumns []string `json:"df_score_columns"`
	// Records counts samples whose store has the inspect_swarm:result record.
	Records     int `json:"records"`
	EvalsDFRows int `json:"evals_df_rows"`
}

// checkWithInspect reads logs with inspect_ai itself, in the venv that
// scripts/venv.sh builds (the test is skipped, saying so, only when PyPI
// cannot be reached). Any disagreement the script finds fails the test.
func checkWithInspect(t *testing.T, paths ...string) []inspectReport {
	t.Helper()
	py := venvPython(t)
	cmd := exec.Command(py, append([]string{repoPath("scripts", "check_inspect_log.py")}, paths...)...)
	cmd.Dir = testplugins.Root()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), "Inspect disagrees with our log:\n%s", stderr.String())
	var reports []inspectReport
	for _, line := range strings.Split(stdout.String(), "\n") {
		if strings.HasPrefix(line, "{") {
			var r inspectReport
			require.NoError(t, json.Unmarshal([]byte(line), &r), line)
			reports = append(reports, r)
		}
	}
	require.Len(t, reports, len(paths), "stdout: %s\nstderr: %s", stdout.String(), stderr.String())
	return reports
}

// TestInspectReadsOurLogs runs a suite with several scorers (one
// incorrect throughout), two epochs, two reducers and gate counts, and
// reads the log with Inspect: every sample with its scores and record, one
// samples_df row per sample with a score column per scorer, and the
// results. (Bare NaN read back as NaN: nonfinite_e2e_test.go.)
func TestInspectReadsOurLogs(t *testing.T) {
	t.Parallel()
	code, sum, errOut := runJSON(t, repoPath("host", "e2e", "testdata", "eval", "scorers.hcl"))
	require.Equal(t, cli.ExitOK, code, errOut)
	r := checkWithInspect(t, sum["log"].(string))[0]
	assert.Equal(t, "success", r.Status)
	assert.Equal(t, 4, r.Samples)
	assert.Equal(t, 4, r.Records)
	assert.Equal(t, 4, r.DFRows)
	assert.Equal(t, 1, r.EvalsDFRows)
	assert.Equal(t, []string{"exec", "exec1", "match"}, r.Scorers)
	assert.Equal(t, []string{"score_exec", "score_exec1", "score_match"}, r.DFScoreColumns)
	assert.Equal(t, map[string]any{"accuracy": 0.5, "stderr": 0.5}, r.Results["match/mean"])
	assert.Equal(t, map[string]any{"accuracy": 1.0, "stderr": 0.0}, r.Results["exec/max"])
	assert.Equal(t, map[string]any{"mean": 0.0}, r.Results["exec1/mean"])
	assert.Equal(t, 2.0, r.Results["gate"]["gate_checks"])
	assert.Equal(t, 0.25, r.Results["gate"]["pass_rate"])
}
