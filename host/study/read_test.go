package study

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/evallog"
)

// writeLog writes l as a .json log and returns its path.
func writeLog(t *testing.T, l *evallog.EvalLog) string {
	t.Helper()
	l.Version, l.Status = 2, "success"
	l.Eval.Created = evallog.TimeOf(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	b, err := evallog.Marshal(l)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "log.json")
	require.NoError(t, os.WriteFile(path, b, 0o644))
	return path
}

// raw parses a JSON document for a store value.
func raw(t *testing.T, doc string) any {
	t.Helper()
	var v any
	require.NoError(t, json.Unmarshal([]byte(doc), &v), doc)
	return v
}

// sampleWith is one sample × epoch with a score and a store.
func sampleWith(id string, epoch int, value any, store map[string]any) evallog.EvalSample {
	return evallog.EvalSample{ID: evallog.StringID(id), Epoch: epoch, Store: store,
		Scores: map[string]evallog.Score{"match": {Value: evallog.NewValue(value)}}}
}

const (
	recordAB = `{"version": 1, "members": [
	  {"name": "a", "role": null, "state": "ended", "status": "submitted", "submitted": true, "time": 2.5, "sandbox": null, "gate_checks": 0, "gate_passes": 0, "first_pass_time": null},
	  {"name": "b", "role": null, "state": "ended", "status": "unsubmitted", "submitted": false, "time": 3.0, "sandbox": null, "gate_checks": 0, "gate_passes": 0, "first_pass_time": null},
	  {"name": "c", "role": null, "state": "pending", "status": null, "submitted": false, "time": null, "sandbox": null, "gate_checks": 0, "gate_passes": 0, "first_pass_time": null}],
	  "final": {"mode": "first", "member": "a", "reason": null, "provisional": false}}`
	ledgerAB = `{"version": 1, "swarm": {"usage": {"input_tokens": 100, "output_tokens": 20, "total_tokens": 120}, "cost": 0.5, "suspended_cost": 0.0},
	  "calls": {"calls": 4, "cache_replays": 0, "errored": 0, "no_usage": 0, "unpriced": 1},
	  "total_complete": false, "attribution_complete": false}`
	metricsAB = `{"version": 1, "never_acted": ["b", "c"], "members": [
	  {"name": "a", "comm": {"messages": {"records": 1, "rejections": {"rate": 2, "max_bytes": 1}}}},
	  {"name": "b", "comm": {}}]}`
	memberScoresAB = `{"version": 1, "scorers": [{"scorer": "match", "members": [
	  {"name": "a", "status": "submitted", "submitted": true, "chosen": true, "value": "C", "score": 1, "answer": "4", "explanation": null, "missing": null},
	  {"name": "b", "status": "unsubmitted", "submitted": false, "chosen": false, "value": "I", "score": 0, "answer": "5", "explanation": null, "missing": null},
	  {"name": "c", "status": null, "submitted": false, "chosen": false, "value": null, "score": null, "answer": null, "explanation": null, "missing": "not_started"}],
	  "best_member": 1, "mean_member": 0.5, "counted": 2}]}`
)

// TestReadSwarmhostArm reads a swarmhost log's record, member scores,
// ledger, metrics, events and study metadata.
func TestReadSwarmhostArm(t *testing.T) {
	t.Parallel()
	store := map[string]any{"inspect_swarm:result": raw(t, recordAB), "inspect_swarm:ledger": raw(t, ledgerAB),
		"inspect_swarm:metrics": raw(t, metricsAB), "swarmhost:member_scores": raw(t, memberScoresAB)}
	s := sampleWith("q1", 1, "C", store)
	s.Events = evallog.Events{&evallog.ModelEvent{Model: "m", Output: evallog.ModelOutput{
		Choices: []evallog.ChatCompletionChoice{{StopReason: "content_filter"}}}}}
	l := &evallog.EvalLog{Eval: evallog.EvalSpec{Task: "t", Packages: map[string]string{"swarmhost": "0.1.0"},
		Metadata: map[string]any{"swarmhost_eval": "team", "studies": raw(t, `[{"study": "s", "arm": "the swarm", "role": "swarm", "k": 3}]`)},
		Scorers:  []evallog.EvalScorer{{Name: "match"}, {Name: "best_member"}}}, Samples: []evallog.EvalSample{s}}
	arm, err := ReadArm(writeLog(t, l), ReadOptions{})
	require.NoError(t, err)
	assert.Equal(t, "the swarm", arm.Label)
	assert.Equal(t, config.RoleSwarm, arm.Role)
	assert.Equal(t, 3, arm.K)
	assert.Equal(t, SourceSwarmhost, arm.Source)
	assert.Equal(t, "match", arm.Scorer)
	assert.Equal(t, RuleFirst, arm.Rule)
	assert.True(t, arm.MemberScores)
	a := arm.Samples[0].Attempts[0]
	assert.Equal(t, 1.0, a.Score)
	assert.True(t, a.Submitted)
	assert.Equal(t, 2.5, *a.Time)
	assert.Equal(t, 1.0, *a.Best)
	assert.Equal(t, 0.5, *a.Mean)
	assert.Equal(t, []Member{
		{Name: "a", State: "ended", Status: "submitted", Submitted: true, Chosen: true, Score: fp64(1)},
		{Name: "b", State: "ended", Status: "unsubmitted", Score: fp64(0)},
		{Name: "c", State: "pending", Missing: "not_started"},
	}, a.Members)
	assert.Equal(t, Cost{Tokens: 120, Dollars: fp64(0.5), Ledger: true, Unpriced: 1}, a.Cost)
	// never acted: b only (c never started); 3 rejections; one refusal; b gave up
	assert.Equal(t, Signals{NeverActed: []string{"b"}, StormRejections: 3, Refusals: 1, GaveUp: 1}, a.Signals)
}

// TestReadInspectSwarmArm: Inspect Swarm's log has no member scores; the
// chosen member's score is the sample's, the others' are unknown.
func TestReadInspectSwarmArm(t *testing.T) {
	t.Parallel()
	store := map[string]any{"inspect_swarm:result": raw(t, recordAB), "inspect_swarm:ledger": raw(t, ledgerAB)}
	l := &evallog.EvalLog{Eval: evallog.EvalSpec{Task: "t", Packages: map[string]string{"inspect_ai": "0.3.285"},
		Scorers: []evallog.EvalScorer{{Name: "match"}}},
		Samples: []evallog.EvalSample{sampleWith("q1", 1, "I", store), sampleWith("q2", 1, "C", store)}}
	arm, err := ReadArm(writeLog(t, l), ReadOptions{})
	require.NoError(t, err)
	assert.Equal(t, SourceInspectSwarm, arm.Source)
	assert.Equal(t, config.RoleSwarm, arm.Role, "three members: a swarm")
	assert.Equal(t, 3, arm.K)
	assert.Equal(t, "t", arm.Label)
	assert.False(t, arm.MemberScores)
	a := arm.Samples[1].Attempts[0]
	assert.Equal(t, fp64(1), a.Members[0].Score, "the chosen member's output is the swarm's")
	assert.Nil(t, a.Members[1].Score)
	assert.Nil(t, a.Best)
}

// TestReadPlainAgentArm: a plain Inspect eval is one agent per sample, its
// score the member's, its cost the sample's model usage.
func TestReadPlainAgentArm(t *testing.T) {
	t.Parallel()
	var samples []evallog.EvalSample
	for epoch, v := range []any{"C", "I", "C"} {
		s := sampleWith("q1", epoch+1, v, map[string]any{})
		s.Output = evallog.ModelOutput{Completion: "4"}
		s.WorkingTime = evallog.Seconds(float64(epoch) + 1)
		s.ModelUsage = map[string]evallog.ModelUsage{"m": {TotalTokens: 50, TotalCost: fp64(0.25)}}
		samples = append(samples, s)
	}
	l := &evallog.EvalLog{Eval: evallog.EvalSpec{Task: "plain", Scorers: []evallog.EvalScorer{{Name: "match"}}}, Samples: samples}
	arm, err := ReadArm(writeLog(t, l), ReadOptions{Label: "agent"})
	require.NoError(t, err)
	assert.Equal(t, SourceInspect, arm.Source)
	assert.Equal(t, config.RoleBaseline, arm.Role, "one agent, three epochs")
	assert.Equal(t, 3, arm.K)
	a := arm.Samples[0].Attempts[1]
	assert.Equal(t, 0.0, a.Score)
	assert.Equal(t, 2.0, *a.Time)
	assert.Equal(t, []Member{{Name: "agent", State: "ended", Status: "submitted", Submitted: true, Chosen: true, Score: fp64(0)}}, a.Members)
	assert.Equal(t, fp64(0.0), a.Best, "a plain agent's best member is its score")
	assert.Equal(t, Cost{Tokens: 50, Dollars: fp64(0.25)}, a.Cost)
}

// TestReadArmErrors: a missing file, a log without samples, and a scorer
// the log lacks each say what is wrong.
func TestReadArmErrors(t *testing.T) {
	t.Parallel()
	_, err := ReadArm(filepath.Join(t.TempDir(), "nope.json"), ReadOptions{})
	assert.Error(t, err)
	empty := writeLog(t, &evallog.EvalLog{Eval: evallog.EvalSpec{Task: "t"}})
	_, err = ReadArm(empty, ReadOptions{})
	assert.ErrorContains(t, err, "the log has no samples")
	l := &evallog.EvalLog{Eval: evallog.EvalSpec{Task: "t"}, Samples: []evallog.EvalSample{sampleWith("q1", 1, "C", map[string]any{})}}
	_, err = ReadArm(writeLog(t, l), ReadOptions{Scorer: "f1"})
	assert.ErrorContains(t, err, `no sample has a score named "f1" (scores: match)`)
}
