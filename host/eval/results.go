package eval

import (
	"sort"

	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/logconv"
	"github.com/swarmhost/swarmhost/host/scoring"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// scoreResults reduces each scorer's epochs with each reducer and computes
// the scorer's metrics on the reduced scores, as Inspect's eval_results
// does: one EvalScore and one reductions entry per scorer × reducer, named
// by the scorer's unique log name. The gate entry (gate.go) comes last.
func (r *evalRun) scoreResults(results []sampleResult) ([]evallog.EvalScore, []evallog.EvalSampleReductions, []ScoreSummary) {
	var scores []evallog.EvalScore
	var reductions []evallog.EvalSampleReductions
	var sums []ScoreSummary
	for i, sc := range r.scorers {
		perSample := groupBySample(results, i)
		for _, name := range r.reducersFor(sc) {
			reduced := reduce(name, perSample)
			metrics := sc.cfg.Metrics
			if len(metrics) == 0 {
				metrics = scoring.DefaultMetrics(sc.cfg.Plugin)
			}
			values, scored, unscored, _ := scoring.ComputeMetrics(metrics, reduced.scores)
			scores = append(scores, r.evalScore(sc, name, values, scored, unscored))
			reductions = append(reductions, evallog.EvalSampleReductions{Scorer: sc.name, Reducer: r.reducerLabel(name),
				Samples: r.sampleScores(reduced)})
			sums = append(sums, ScoreSummary{Name: sc.name, Scorer: sc.cfg.Plugin, Reducer: r.reducerLabel(name),
				Scored: scored, Total: len(reduced.scores), Metrics: values})
		}
	}
	if len(r.scorers) > 0 && r.scorers[0].cfg.Gate {
		es, sum := gateScore(uniqueName("gate", r.scorerNames()), results)
		scores, sums = append(scores, es), append(sums, sum)
	}
	return scores, reductions, sums
}

// reducerLabel is the reducer as logged: none with a single epoch.
func (r *evalRun) reducerLabel(name string) string {
	if r.epochs() > 1 {
		return name
	}
	return ""
}

// evalScore is one results.scores entry: a scorer × reducer's metrics.
func (r *evalRun) evalScore(sc scorerRun, reducer string, values []scoring.MetricValue, scored, unscored int) evallog.EvalScore {
	return evallog.EvalScore{Name: sc.name, Scorer: sc.cfg.Plugin, Reducer: r.reducerLabel(reducer),
		ScoredSamples: scored, UnscoredSamples: unscored, Params: scorerOptions(sc), Metrics: logMetrics(values)}
}

// logMetrics converts computed metrics to the log's, in order.
func logMetrics(values []scoring.MetricValue) evallog.Metrics {
	var out evallog.Metrics
	for _, v := range values {
		out = append(out, evallog.EvalMetric{Name: v.Name, Value: evallog.Float(v.Value), Params: map[string]any{}})
	}
	return out
}

// reducedSet is one reducer's scores, one per sample, in sample order.
type reducedSet struct {
	index  []int
	scores []scorer.Score
}

// groupBySample collects scorer i's epoch scores per sample index, in
// epoch order.
func groupBySample(results []sampleResult, i int) map[int][]scorer.Score {
	sort.SliceStable(results, func(a, b int) bool { return results[a].epoch < results[b].epoch })
	out := map[int][]scorer.Score{}
	for _, res := range results {
		if i < len(res.scores) {
			out[res.index] = append(out[res.index], res.scores[i])
		}
	}
	return out
}

func reduce(name string, perSample map[int][]scorer.Score) reducedSet {
	fn, err := scoring.Reducer(name)
	var set reducedSet
	for idx := range perSample {
		set.index = append(set.index, idx)
	}
	sort.Ints(set.index)
	for _, idx := range set.index {
		s := scorer.Unscored()
		if err == nil {
			s = fn(perSample[idx])
		}
		set.scores = append(set.scores, s)
	}
	return set
}

func (r *evalRun) sampleScores(set reducedSet) []evallog.EvalSampleScore {
	out := make([]evallog.EvalSampleScore, len(set.scores))
	for i, s := range set.scores {
		ls := logconv.Score(s)
		out[i] = evallog.EvalSampleScore{Value: ls.Value, Answer: ls.Answer, Explanation: ls.Explanation,
			Metadata: ls.Metadata, SampleID: sampleID(r.samples[set.index[i]].ID)}
	}
	return out
}

// reducersFor are the reducers of sc's epochs: the task's, except for the
// member-score summaries (best_member, mean_member), which are already a
// best and a mean over members and are reduced over epochs with the mean
// only (a pass_at_k of a mean member would mean nothing).
func (r *evalRun) reducersFor(sc scorerRun) []string {
	if sc.cfg.Plugin == BestMemberScorer || sc.cfg.Plugin == MeanMemberScorer {
		return []string{"mean"}
	}
	return r.reducers()
}
