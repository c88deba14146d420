package eval

import (
	"encoding/json"
	"math"

	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/scoring"
	"github.com/swarmhost/swarmhost/host/swarm"
)

// GateScorer is the `scorer` of the gate entry in results.scores.
const GateScorer = "swarmhost/gate"

// gateCounts is one sample × epoch's in-loop checks, summed over members
// from the result record (SPEC §9: gate_checks, gate_passes,
// first_pass_time).
type gateCounts struct {
	// known is false when the sample has no record (it failed before the
	// swarm ran); such a sample counts as unscored for the gate entry.
	known         bool
	checks        int
	passes        int
	firstPassTime *float64 // earliest first_pass_time of any member
}

// gateFromStore reads the counts from a log sample's store.
func gateFromStore(store map[string]any) gateCounts {
	raw, ok := store[swarm.StoreKeyResult]
	if !ok {
		return gateCounts{}
	}
	b, err := json.Marshal(raw)
	if err != nil {
		return gateCounts{}
	}
	var rec swarm.Record
	if json.Unmarshal(b, &rec) != nil || rec.Version == 0 {
		return gateCounts{}
	}
	g := gateCounts{known: true}
	for _, m := range rec.Members {
		g.checks += m.GateChecks
		g.passes += m.GatePasses
		if t := m.FirstPassTime; t != nil && (g.firstPassTime == nil || *t < *g.firstPassTime) {
			g.firstPassTime = t
		}
	}
	return g
}

// gateScore is the gate entry of results.scores, written when the task's
// first scorer gates. Inspect has no place for counts that are not a
// scorer's, and the host adds no scorer of its own (no per-sample score),
// so the counts are an EvalScore named "gate" (made unique like a scorer
// name) with scorer "swarmhost/gate" and no reducer: like Inspect's
// "unreduced" metrics they are computed over every sample × epoch, after
// the task's scorers so the headline metric stays the first scorer's.
// Metrics, each over the sample × epochs that have a result record:
//
//   - gate_checks: mean checks per sample (summed over members);
//   - gate_passes: mean passes per sample;
//   - pass_rate: passes / checks over the whole eval (NaN with no check);
//   - passed: fraction of samples in which at least one member passed its
//     gate — the gate's accuracy, to set beside the scorer's on the answer;
//   - first_pass_time: mean over samples with a pass of the earliest
//     first_pass_time, in seconds on the swarm clock (NaN with no pass).
func gateScore(name string, results []sampleResult) (evallog.EvalScore, ScoreSummary) {
	var checks, passes, passed, times []float64
	var sumChecks, sumPasses float64
	unknown := 0
	for _, res := range results {
		g := res.gate
		if !g.known {
			unknown++
			continue
		}
		checks, passes = append(checks, float64(g.checks)), append(passes, float64(g.passes))
		sumChecks, sumPasses = sumChecks+float64(g.checks), sumPasses+float64(g.passes)
		passed = append(passed, boolFloat(g.passes > 0))
		if g.firstPassTime != nil {
			times = append(times, *g.firstPassTime)
		}
	}
	values := []scoring.MetricValue{
		{Name: "gate_checks", Value: meanOrNaN(checks)},
		{Name: "gate_passes", Value: meanOrNaN(passes)},
		{Name: "pass_rate", Value: ratio(sumPasses, sumChecks)},
		{Name: "passed", Value: meanOrNaN(passed)},
		{Name: "first_pass_time", Value: meanOrNaN(times)},
	}
	es := evallog.EvalScore{Name: name, Scorer: GateScorer, ScoredSamples: len(checks), UnscoredSamples: unknown,
		Params: map[string]any{}, Metrics: logMetrics(metricResults(values)),
		Metadata: map[string]any{"source": swarm.StoreKeyResult, "unit": "sample x epoch"}}
	return es, ScoreSummary{Name: name, Scorer: GateScorer, Scored: len(checks), Total: len(results), Metrics: values}
}

// metricResults are named values as results' metrics (key and name alike).
func metricResults(values []scoring.MetricValue) []scoring.MetricResult {
	out := make([]scoring.MetricResult, len(values))
	for i, v := range values {
		out[i] = scoring.MetricResult{Key: v.Name, Name: v.Name, Value: v.Value}
	}
	return out
}

func meanOrNaN(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	mean, _ := scoring.Metric("mean")
	return mean(xs)
}

func ratio(num, den float64) float64 {
	if den == 0 {
		return math.NaN()
	}
	return num / den
}

func boolFloat(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
