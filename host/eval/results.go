package eval

import (
	"context"
	"errors"
	"fmt"
	"sort"

	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/logconv"
	"github.com/swarmhost/swarmhost/host/scoring"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// scoreResults reduces each scorer's epochs with each reducer and computes
// the scorer's metrics on the reduced scores, as Inspect's eval_results
// does: per scorer × reducer one reductions entry, named by the scorer's
// unique log name, and its EvalScores — the scorer's own and, for
// dict-valued scores with per-key metrics, one per key (see
// scoring.Results). The gate entry (gate.go) comes last. A scorer whose
// metrics cannot be computed (per-key metrics over a value that is not a
// dict, a metric its plugin cannot compute) is left out of the results
// and its error returned, which fails the eval as it fails Inspect's.
func (r *evalRun) scoreResults(ctx context.Context, results []sampleResult) ([]evallog.EvalScore,
	[]evallog.EvalSampleReductions, []ScoreSummary, error) {
	var scores []evallog.EvalScore
	var reductions []evallog.EvalSampleReductions
	var sums []ScoreSummary
	var errs []error
	metadata := metadataOf(results)
	for i, sc := range r.scorers {
		perSample := groupBySample(results, i)
		for _, name := range r.reducersFor(sc) {
			reduced := reduce(name, perSample)
			reductions = append(reductions, evallog.EvalSampleReductions{Scorer: sc.name, Reducer: r.reducerLabel(name),
				Samples: r.sampleScores(reduced)})
			res, err := scoring.Results(ctx, scoring.ResultsRequest{Scorer: sc.name, Metrics: r.metricSet(sc),
				Scores: r.metricInput(reduced, metadata), Compute: sc.computeMetric})
			if err != nil {
				errs = append(errs, fmt.Errorf("scorer %s: %w", sc.name, err))
				continue
			}
			for _, sr := range res {
				scores = append(scores, r.evalScore(sc, name, sr))
				sums = append(sums, ScoreSummary{Name: sr.Name, Scorer: sc.cfg.Plugin, Reducer: r.reducerLabel(name),
					Scored: sr.Scored, Total: len(reduced.scores), Metrics: summaryMetrics(sr.Metrics)})
			}
		}
	}
	if len(r.scorers) > 0 && r.scorers[0].cfg.Gate {
		es, sum := gateScore(uniqueName("gate", r.scorerNames()), results)
		scores, sums = append(scores, es), append(sums, sum)
	}
	return scores, reductions, sums, errors.Join(errs...)
}

// metricSet is the scorer's metrics: the suite's `metrics`, else those its
// plugin declares for its config, else the host's default for the plugin.
func (r *evalRun) metricSet(sc scorerRun) scoring.MetricSet {
	if sc.cfg.Metrics != nil {
		return *sc.cfg.Metrics
	}
	if sc.declared != nil {
		return *sc.declared
	}
	return scoring.ListOf(scoring.DefaultMetrics(sc.cfg.Plugin)...)
}

// metricInput is a reduced set as the metrics read it: each score with its
// sample's id and metadata.
func (r *evalRun) metricInput(set reducedSet, metadata map[int]map[string]any) []scoring.SampleScore {
	out := make([]scoring.SampleScore, len(set.scores))
	for i, s := range set.scores {
		out[i] = scoring.SampleScore{Score: s, SampleID: sampleID(r.plan[set.index[i]].ID).String(),
			Metadata: metadata[set.index[i]]}
	}
	return out
}

// summaryMetrics are a result's metrics for the summary, by their keys.
func summaryMetrics(ms []scoring.MetricResult) []scoring.MetricValue {
	out := make([]scoring.MetricValue, len(ms))
	for i, m := range ms {
		out[i] = scoring.MetricValue{Name: m.Key, Value: m.Value}
	}
	return out
}

// reducerLabel is the reducer as logged: none with a single epoch.
func (r *evalRun) reducerLabel(name string) string {
	if r.epochs() > 1 {
		return name
	}
	return ""
}

// evalScore is one results.scores entry: a scorer × reducer's metrics, or
// those of one key of its dict-valued scores. Its scorer is the scorer's
// log name, as Inspect writes it: a repeated scorer's is "match1". The
// member-score summaries, swarmhost's own like the gate, keep their
// plugin's name (swarmhost/best_member), which studies read them by.
func (r *evalRun) evalScore(sc scorerRun, reducer string, res scoring.ScoreResult) evallog.EvalScore {
	name := sc.name
	if sc.cfg.Plugin == BestMemberScorer || sc.cfg.Plugin == MeanMemberScorer {
		name = sc.cfg.Plugin
	}
	return evallog.EvalScore{Name: res.Name, Scorer: name, Reducer: r.reducerLabel(reducer),
		ScoredSamples: res.Scored, UnscoredSamples: res.Unscored, Params: scorerOptions(sc), Metrics: logMetrics(res.Metrics)}
}

// logMetrics converts computed metrics to the log's, in order.
func logMetrics(ms []scoring.MetricResult) evallog.Metrics {
	out := evallog.Metrics{}
	for _, m := range ms {
		em := evallog.EvalMetric{Name: m.Name, Group: m.Group, Value: evallog.Float(m.Value), Params: m.Params}
		if m.Key != m.Name {
			em.Key = m.Key
		}
		if em.Params == nil {
			em.Params = map[string]any{}
		}
		out = append(out, em)
	}
	return out
}

// reducedSet is one reducer's scores, one per sample, in sample order.
type reducedSet struct {
	index  []int
	scores []scorer.Score
}

// metadataOf is each sample's metadata, by plan index.
func metadataOf(results []sampleResult) map[int]map[string]any {
	out := make(map[int]map[string]any, len(results))
	for _, res := range results {
		if res.metadata != nil {
			out[res.index] = res.metadata
		}
	}
	return out
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
			Metadata: ls.Metadata, SampleID: sampleID(r.plan[set.index[i]].ID)}
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
