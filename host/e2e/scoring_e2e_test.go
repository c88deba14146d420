package e2e

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/eval"
	"github.com/swarmhost/swarmhost/host/evallog"
)

// metricsOfScore returns a results.scores entry's metrics by name.
func metricsOfScore(s evallog.EvalScore) map[string]float64 {
	out := map[string]float64{}
	for _, m := range s.Metrics {
		out[m.Name] = float64(m.Value)
	}
	return out
}

// TestSeveralScorersAndGate pins the results of testdata/eval/scorers.hcl,
// computed by hand: two samples × two epochs; the member's first submit
// (41) fails the gate, its second (42) is its answer. match: a is C in both
// epochs, b I (mean: 1, 0 → accuracy .5; max keeps "C"/"I" → .5). exec
// ("test -f answer.txt") passes everywhere, exec1 ("test -f
// no-such-file.txt") fails everywhere: mean 0 over 2 scored samples. (A
// scorer that cannot run at all is an error of its sample, as in Inspect:
// scorerfail_e2e_test.go.) gate, over the 4 sample × epochs: 2 checks each, 1 pass in a's
// 2 epochs → gate_passes .5, pass_rate 2/8, passed .5.
func TestSeveralScorersAndGate(t *testing.T) {
	t.Parallel()
	code, sum, errOut := runJSON(t, repoPath("host", "e2e", "testdata", "eval", "scorers.hcl"))
	require.Equal(t, cli.ExitOK, code, errOut)
	l, err := evallog.Read(sum["log"].(string))
	require.NoError(t, err)
	require.NotNil(t, l.Results)
	var names []string
	for _, s := range l.Results.Scores {
		names = append(names, s.Name+"/"+s.Scorer+"/"+s.Reducer)
	}
	assert.Equal(t, []string{"match/match/mean", "match/match/max", "exec/exec/mean", "exec/exec/max",
		"exec1/exec1/mean", "exec1/exec1/max", "gate/" + eval.GateScorer + "/"}, names)
	sc := l.Results.Scores
	assert.Equal(t, map[string]float64{"accuracy": 0.5, "stderr": 0.5}, metricsOfScore(sc[0]))
	assert.Equal(t, map[string]float64{"accuracy": 0.5, "stderr": 0.5}, metricsOfScore(sc[1]))
	assert.Equal(t, map[string]float64{"accuracy": 1, "stderr": 0}, metricsOfScore(sc[2]))
	assert.Equal(t, map[string]float64{"mean": 0}, metricsOfScore(sc[4]))
	assert.Equal(t, [2]int{2, 0}, [2]int{sc[4].ScoredSamples, sc[4].UnscoredSamples})
	gate := metricsOfScore(sc[6])
	assert.Equal(t, 2.0, gate["gate_checks"])
	assert.Equal(t, 0.5, gate["gate_passes"])
	assert.Equal(t, 0.25, gate["pass_rate"])
	assert.Equal(t, 0.5, gate["passed"])
	assert.Greater(t, gate["first_pass_time"], 0.0)
	assert.Equal(t, 4, sc[6].ScoredSamples)

	var reductions []string
	for _, r := range l.Reductions {
		reductions = append(reductions, r.Scorer+"/"+r.Reducer)
	}
	assert.Equal(t, []string{"match/mean", "match/max", "exec/mean", "exec/max", "exec1/mean", "exec1/max"}, reductions)
	assert.Equal(t, "C", l.Reductions[1].Samples[0].Value.Interface(), "max keeps the original value")
	for _, s := range l.Samples {
		assert.Equal(t, []string{"exec", "exec1", "match"}, slices.Sorted(maps.Keys(s.Scores)))
	}
	validateLogFile(t, sum["log"].(string))

	code, out, errOut := runCLI(t, "log", sum["log"].(string))
	require.Equal(t, cli.ExitOK, code, errOut)
	assert.Contains(t, out, "score gate: gate_checks=2.000 gate_passes=0.500 pass_rate=0.250 passed=0.500")
	assert.Contains(t, out, "exec=C exec1=I match=C")
}

// TestBadDatasetRowsRunNothing: every bad row is a diagnostic naming the
// file and the line, with the row as the snippet; run exits 2 before any
// eval starts and writes no log; validate reports the same.
func TestBadDatasetRowsRunNothing(t *testing.T) {
	t.Parallel()
	suite := repoPath("host", "e2e", "testdata", "eval", "badrows")
	rows := filepath.Join(suite, "rows.jsonl")
	for _, args := range [][]string{{"run", suite, "--log-dir"}, {"validate", suite}} {
		t.Run(args[0], func(t *testing.T) {
			t.Parallel()
			logDir := filepath.Join(t.TempDir(), "logs")
			if args[0] == "run" {
				args = append(args, logDir)
			}
			code, out, errOut := runCLI(t, args...)
			assert.Equal(t, cli.ExitUsage, code, out+errOut)
			for _, want := range []string{
				"on " + rows + " line 2, column 1:", `{"id": "no-input", "target": "42"}`, `rows.jsonl line 2: missing "input".`,
				"on " + rows + " line 4, column 1:", `rows.jsonl line 4: malformed JSON`,
			} {
				assert.Contains(t, errOut, want)
			}
			assert.NotContains(t, errOut, "line 1:")
			_, err := os.Stat(logDir)
			assert.True(t, os.IsNotExist(err), "log dir created: %v", err)
		})
	}
}
