package studye2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/scoring"
)

// runSuite runs a suite with a JSON log and returns its log.
func runSuite(t *testing.T, suite string, extra ...string) *evallog.EvalLog {
	t.Helper()
	dir := t.TempDir()
	code, stdout, stderr := runCLI(t, append([]string{"run", "--log-format", "json", "--log-dir", dir, suite}, extra...)...)
	require.Equal(t, 0, code, "stdout:\n%s\nstderr:\n%s", stdout, stderr)
	logs, err := filepath.Glob(filepath.Join(dir, "*.json"))
	require.NoError(t, err)
	require.Len(t, logs, 1)
	l, err := evallog.Read(logs[0])
	require.NoError(t, err)
	return l
}

// memberScores reads a sample's swarmhost:member_scores.
func memberScores(t *testing.T, s evallog.EvalSample) scoring.MemberScores {
	t.Helper()
	raw, err := json.Marshal(s.Store[scoring.StoreKeyMemberScores])
	require.NoError(t, err)
	var doc scoring.MemberScores
	require.NoError(t, json.Unmarshal(raw, &doc), string(raw))
	return doc
}

// verdicts are a scorer's member scores as "name=value" (or name=missing).
func verdicts(ms scoring.MemberScorer) []string {
	var out []string
	for _, m := range ms.Members {
		switch {
		case m.Missing != nil:
			out = append(out, m.Name+"="+string(*m.Missing))
		default:
			b, _ := json.Marshal(m.Value)
			out = append(out, m.Name+"="+strings.Trim(string(b), `"`))
		}
	}
	return out
}

// copySuite copies a suite directory (with its plugins/) to a temporary
// one and applies edits (old → new, each expected once) to suite.hcl.
func copySuite(t *testing.T, from string, edits ...string) string {
	t.Helper()
	to := filepath.Join(t.TempDir(), filepath.Base(from))
	require.NoError(t, os.CopyFS(to, os.DirFS(from)))
	path := filepath.Join(to, "suite.hcl")
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	text := string(raw)
	for i := 0; i+1 < len(edits); i += 2 {
		require.Equal(t, 1, strings.Count(text, edits[i]), "edit %q", edits[i])
		text = strings.Replace(text, edits[i], edits[i+1], 1)
	}
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	return to
}

// TestMemberScoresOwnSandbox: exec, scored per member, runs in each
// member's own sandbox only (its record lists it alone), so "late", stopped
// with an empty output, still passes on what it left; match, which grades
// outputs only, gives "late" no score (empty_output) and "wrong" an I. The
// swarm's own exec score is C (some member passed), its match I (wrong's
// 41 was the first submission). inspect_swarm:result stays as the swarm
// wrote it.
func TestMemberScoresOwnSandbox(t *testing.T) {
	t.Parallel()
	l := runSuite(t, repoPath("host", "internal", "studye2e", "testdata", "sandboxes.hcl"))
	s := l.Samples[0]
	assert.Equal(t, "C", s.Scores["exec"].Value.Interface())
	assert.Equal(t, "I", s.Scores["match"].Value.Interface())
	doc := memberScores(t, s)
	require.Len(t, doc.Scorers, 2)
	assert.Equal(t, "exec", doc.Scorers[0].Scorer)
	assert.Equal(t, []string{"wrong=I", "right=C", "late=C"}, verdicts(doc.Scorers[0]))
	assert.Equal(t, []string{"wrong=I", "right=C", "late=empty_output"}, verdicts(doc.Scorers[1]))
	for _, m := range doc.Scorers[0].Members {
		assert.Equal(t, m.Name == "wrong", m.Chosen, m.Name)
	}
	assert.Equal(t, "stopped", *doc.Scorers[0].Members[2].Status)
	// two scorers scored per member: summaries named after each
	for name, want := range map[string]float64{"exec_best_member": 1, "exec_mean_member": 2.0 / 3,
		"match_best_member": 1, "match_mean_member": 1.0 / 3} {
		v, ok := s.Scores[name]
		require.True(t, ok, "sample score %s", name)
		got, _ := v.Value.Float()
		assert.InDelta(t, want, got, 1e-9, name)
	}
}

// TestMemberScoresNotStarted: under escalate, the experts never start on
// q1 (not_started, left out of the summaries); on q2 and q3 the cheap
// member fails and both experts pass.
func TestMemberScoresNotStarted(t *testing.T) {
	t.Parallel()
	suite := copySuite(t, repoPath("examples", "escalate"), "  scorer \"match\" {\n    gate = true\n",
		"  scorer \"match\" {\n    gate = true\n    member_scores = true\n")
	l := runSuite(t, suite)
	want := map[string][]string{
		"q1": {"cheap=C", "expert-1=not_started", "expert-2=not_started"},
		"q2": {"cheap=I", "expert-1=C", "expert-2=C"},
		"q3": {"cheap=I", "expert-1=C", "expert-2=C"},
	}
	mean := map[string]float64{"q1": 1, "q2": 2.0 / 3, "q3": 2.0 / 3}
	for _, s := range l.Samples {
		id := s.ID.String()
		doc := memberScores(t, s)
		require.Len(t, doc.Scorers, 1)
		assert.Equal(t, want[id], verdicts(doc.Scorers[0]), id)
		got, _ := s.Scores["mean_member"].Value.Float()
		assert.InDelta(t, mean[id], got, 1e-9, id)
		best, _ := s.Scores["best_member"].Value.Float()
		assert.Equal(t, 1.0, best, id)
	}
}

// TestMemberScoresInspectBridge: the seed page's own Inspect scorers
// (examples/seed-scorers), run per member through the Python bridge. With
// each member's record of itself alone, tests_pass runs the tests in that
// member's sandbox only, and any_member_proved credits the provers the
// swarm stopped before they submitted.
func TestMemberScoresInspectBridge(t *testing.T) {
	t.Parallel()
	// the copy's plugin finds the venv's python through SWARMHOST_PYTHON
	// (its default is a path relative to the repository)
	os.Setenv("SWARMHOST_PYTHON", venv.run(t)[0])
	suite := copySuite(t, repoPath("examples", "seed-scorers"),
		"    name = \"seed_scorers:tests_pass\"\n", "    name = \"seed_scorers:tests_pass\"\n    member_scores = true\n",
		"    name = \"seed_scorers:any_member_proved\"\n", "    name = \"seed_scorers:any_member_proved\"\n    member_scores = true\n",
		`"../proof-swarm/numbers.jsonl"`, `"`+repoPath("examples", "proof-swarm", "numbers.jsonl")+`"`,
		// the copy of the repository's plugin is trusted by its place only where
		// make build listed it: this test trusts its own copy explicitly
		"task \"solutions\" {", "plugin \"scorer\" \"seed\" {\n  trust = \"trusted\"\n}\n\ntask \"solutions\" {")
	dir := t.TempDir()
	code, stdout, stderr := runCLI(t, "run", "--log-format", "json", "--log-dir", dir, suite)
	require.Equal(t, 0, code, "stdout:\n%s\nstderr:\n%s", stdout, stderr)
	logs, err := filepath.Glob(filepath.Join(dir, "*.json"))
	require.NoError(t, err)
	want := map[string][]string{
		"wants-42": {"coder-42=C", "coder-41=I"},
		"wants-41": {"coder-42=I", "coder-41=C"},
		"wants-40": {"coder-42=I", "coder-41=I"},
		"n91":      {"guesser=I", "prover-7=C", "prover-13=C"},
		"n221":     {"guesser=I", "prover-7=I", "prover-13=C"},
		"n97":      {"guesser=I", "prover-7=I", "prover-13=I"},
	}
	seen := 0
	for _, p := range logs {
		l, err := evallog.Read(p)
		require.NoError(t, err)
		for _, s := range l.Samples {
			doc := memberScores(t, s)
			require.Len(t, doc.Scorers, 1, s.ID.String())
			assert.Equal(t, want[s.ID.String()], verdicts(doc.Scorers[0]), s.ID.String())
			seen++
		}
	}
	assert.Equal(t, len(want), seen)
}
