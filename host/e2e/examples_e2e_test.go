package e2e

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/evallog"
)

// runJSONEvals runs a suite with --json and returns each eval's summary by
// eval name.
func runJSONEvals(t *testing.T, args ...string) map[string]map[string]any {
	t.Helper()
	code, out, errOut := runCLI(t, append([]string{"run", "--json", "--log-format", "json", "--log-dir", t.TempDir()}, args...)...)
	require.Equal(t, cli.ExitOK, code, "stdout: %s\nstderr: %s", out, errOut)
	sums := map[string]map[string]any{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var sum map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &sum), line)
		sums[sum["eval"].(string)] = sum
	}
	return sums
}

// scoreOf reads a summary's metric: scores[label][metric].
func scoreOf(sum map[string]any, label, metric string) any {
	scores, _ := sum["scores"].(map[string]any)
	m, _ := scores[label].(map[string]any)
	return m[metric]
}

// samplesByID reads a log and indexes its samples by id (one epoch).
func samplesByID(t *testing.T, path string) map[string]evallog.EvalSample {
	t.Helper()
	l, err := evallog.Read(path)
	require.NoError(t, err)
	out := map[string]evallog.EvalSample{}
	for _, s := range l.Samples {
		out[s.ID.String()] = s
	}
	return out
}

// TestExampleSharedSandbox: three members build solve.sh together in the
// shared sandbox, all run to their end, the answer is the last submission,
// and the exec scorer (member = "tester") runs each sample's tests on the
// script they left: it adds two numbers, not three.
func TestExampleSharedSandbox(t *testing.T) {
	t.Parallel()
	sum := runJSONEvals(t, repoPath("examples", "shared-sandbox"))["shared_sandbox"]
	assert.Equal(t, 0.5, scoreOf(sum, "exec", "accuracy"))
	samples := samplesByID(t, sum["log"].(string))
	require.Len(t, samples, 2)
	for id, wantValue := range map[string]string{"sum-of-two": "C", "sum-of-three": "I"} {
		s := samples[id]
		rec := readRecord(t, s)
		assert.Equal(t, map[string]string{"scaffolder": "submitted", "implementer": "submitted", "tester": "submitted"},
			statuses(rec), id)
		assert.Equal(t, "last", *rec.Final.Mode)
		assert.Equal(t, "tester", *rec.Final.Member)
		assert.Nil(t, rec.Members[0].Sandbox, "shared sandbox")
		assert.Equal(t, "solve.sh 2 3 prints 5.", s.Output.Completion)
		score := s.Scores["exec"]
		assert.Equal(t, wantValue, score.Value.Interface(), id)
		wantPassed := []any{}
		if wantValue == "C" {
			wantPassed = []any{"tester"}
		}
		assert.Equal(t, wantPassed, score.Metadata["passed"], "member = \"tester\" runs the tests once")
	}
	validateLogFile(t, sum["log"].(string))
	checkWithInspect(t, sum["log"].(string))
}

// TestExampleProofSwarm: per-member sandboxes; the guesser's wrong answer
// stops the swarm, but the exec scorer checks every member's answer.txt
// with the verify command and credits the provers, stopped before they
// submitted.
func TestExampleProofSwarm(t *testing.T) {
	t.Parallel()
	sum := runJSONEvals(t, repoPath("examples", "proof-swarm"))["proof_swarm"]
	assert.InDelta(t, 2.0/3.0, scoreOf(sum, "exec", "accuracy"), 1e-12)
	assert.Equal(t, 0.0, scoreOf(sum, "match", "accuracy"), "the chosen answer, 1, proves nothing")
	samples := samplesByID(t, sum["log"].(string))
	want := map[string][]any{"n91": {"prover-7", "prover-13"}, "n221": {"prover-13"}, "n97": {}}
	for id, passed := range want {
		s := samples[id]
		rec := readRecord(t, s)
		assert.Equal(t, map[string]string{"guesser": "submitted", "prover-7": "stopped", "prover-13": "stopped"},
			statuses(rec), id)
		for _, m := range rec.Members {
			require.NotNil(t, m.Sandbox, m.Name)
			assert.Equal(t, m.Name, *m.Sandbox, "each member's own sandbox")
		}
		assert.Equal(t, "1", s.Output.Completion)
		assert.Equal(t, passed, s.Scores["exec"].Metadata["passed"], id)
		assert.Equal(t, "I", s.Scores["match"].Value.Interface())
	}
	validateLogFile(t, sum["log"].(string))
	checkWithInspect(t, sum["log"].(string))
}

// TestExampleComparison: a swarm of four and a swarm of one, 4 epochs
// reduced with mean and pass_at_4. Both see the candidates 41..44 for
// every sample. The swarm answers 41 (its first submission) in every
// epoch: mean .25, pass_at_4 .25. The single agent answers 4<epoch>, right
// in one epoch of four: mean .25 — like for like with the swarm — but
// pass_at_4 1.0, because pass_at_k picks the epoch with knowledge of the
// target. `swarmhost log A B` shows both side by side.
func TestExampleComparison(t *testing.T) {
	t.Parallel()
	sums := runJSONEvals(t, repoPath("examples", "comparison"))
	four, one := sums["swarm_of_4"], sums["swarm_of_1"]
	require.NotNil(t, four)
	require.NotNil(t, one)
	assert.Equal(t, 0.25, scoreOf(four, "match/mean", "accuracy"))
	assert.Equal(t, 0.25, scoreOf(four, "match/pass_at_4", "accuracy"))
	assert.Equal(t, 0.25, scoreOf(one, "match/mean", "accuracy"))
	assert.Equal(t, 1.0, scoreOf(one, "match/pass_at_4", "accuracy"))
	assert.Equal(t, 16.0, four["samples"])
	assert.Greater(t, four["tokens"].(float64), one["tokens"].(float64))

	l, err := evallog.Read(one["log"].(string))
	require.NoError(t, err)
	assert.Empty(t, l.Eval.SolverArgs["channels"], "a swarm of one has no channel")

	a, b := four["log"].(string), one["log"].(string)
	code, out, errOut := runCLI(t, "log", a, b)
	require.Equal(t, cli.ExitOK, code, errOut)
	lines := strings.Split(out, "\n")
	assert.Regexp(t, `^\s+swarm_of_4\s+swarm_of_1$`, lines[0])
	for _, re := range []string{
		`(?m)^swarm\s+four \(4 members\)\s+one \(1 member\)$`,
		`(?m)^samples\s+16/16 \(4 × 4 epochs\)\s+16/16 \(4 × 4 epochs\)$`,
		`(?m)^match/mean accuracy\s+0\.250\s+0\.250$`,
		`(?m)^match/pass_at_4 accuracy\s+0\.250\s+1\.000$`,
		`(?m)^tokens\s+\d+\s+\d+$`,
		`(?m)^time\s+\S+s\s+\S+s$`,
	} {
		assert.Regexp(t, re, out)
	}
	assert.Contains(t, out, "swarm_of_4: "+filepath.Clean(a))
	checkWithInspect(t, a, b)
}
