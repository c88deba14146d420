package eval

import (
	"encoding/json"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/swarm"
)

func recordStore(t *testing.T, members ...swarm.RecordMember) map[string]any {
	t.Helper()
	b, err := json.Marshal(swarm.Record{Version: 1, Members: members})
	require.NoError(t, err)
	var raw any
	require.NoError(t, json.Unmarshal(b, &raw))
	return map[string]any{swarm.StoreKeyResult: raw}
}

func f(x float64) *float64 { return &x }

// TestGateScore pins the gate metrics against hand-computed values.
func TestGateScore(t *testing.T) {
	t.Parallel()
	// Sample 1: a checks 3 / passes 1 (at 4s), b checks 1 / passes 1 (at 2.5s)
	// → 4 checks, 2 passes, first pass 2.5. Sample 2: 2 checks, no pass.
	// Sample 3: no record (failed before the swarm ran).
	results := []sampleResult{
		{gate: gateFromStore(recordStore(t,
			swarm.RecordMember{Name: "a", GateChecks: 3, GatePasses: 1, FirstPassTime: f(4)},
			swarm.RecordMember{Name: "b", GateChecks: 1, GatePasses: 1, FirstPassTime: f(2.5)}))},
		{gate: gateFromStore(recordStore(t, swarm.RecordMember{Name: "a", GateChecks: 2}))},
		{gate: gateFromStore(map[string]any{})},
	}
	es, sum := gateScore("gate", results)
	got := map[string]float64{}
	for _, m := range es.Metrics {
		got[m.Name] = float64(m.Value)
	}
	assert.Equal(t, map[string]float64{
		"gate_checks":     3,       // (4 + 2) / 2
		"gate_passes":     1,       // (2 + 0) / 2
		"pass_rate":       2.0 / 6, // 2 passes of 6 checks
		"passed":          0.5,     // sample 1 of 2
		"first_pass_time": 2.5,     // only sample 1 passed
	}, got)
	assert.Equal(t, [2]int{2, 1}, [2]int{es.ScoredSamples, es.UnscoredSamples})
	assert.Equal(t, GateScorer, es.Scorer)
	assert.Empty(t, es.Reducer)
	assert.Equal(t, [2]int{2, 3}, [2]int{sum.Scored, sum.Total})
}

// TestGateScoreWithoutChecks: no check, no pass → NaN where a ratio or a
// time has nothing to average.
func TestGateScoreWithoutChecks(t *testing.T) {
	t.Parallel()
	es, _ := gateScore("gate", []sampleResult{{gate: gateFromStore(recordStore(t, swarm.RecordMember{Name: "a"}))}})
	for _, m := range es.Metrics {
		switch m.Name {
		case "pass_rate", "first_pass_time":
			assert.True(t, math.IsNaN(float64(m.Value)), m.Name)
		default:
			assert.Equal(t, 0.0, float64(m.Value), m.Name)
		}
	}
}

// TestMeterCountsRunningMembers follows running counts as members start and end.
func TestMeterCountsRunningMembers(t *testing.T) {
	t.Parallel()
	var m Meter
	m.start("e", 4, 1, 10, startTime)
	j1, j2 := job{index: 0, epoch: 1}, job{index: 1, epoch: 1}
	m.begin(j1)
	m.begin(j2)
	m.members(j1, 2)
	m.members(j2, 1)
	p := m.Snapshot()
	assert.Equal(t, [4]int{1, 4, 2, 3}, [4]int{p.Done, p.Total, p.Active, p.Running})
	m.members(j1, 1)
	p = m.end(j2, 25)
	assert.Equal(t, [4]int{2, 4, 1, 1}, [4]int{p.Done, p.Total, p.Active, p.Running})
	assert.Equal(t, int64(25), p.Tokens)
	assert.Equal(t, "e", p.Eval)
}

var startTime = time.Date(2026, 1, 15, 10, 0, 0, 0, time.UTC)
