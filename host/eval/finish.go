package eval

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/logconv"
	"github.com/swarmhost/swarmhost/host/scoring"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// finish reduces epochs, computes metrics and finishes the log.
func (r *evalRun) finish(ctx context.Context) (Summary, error) {
	r.mu.Lock()
	results := append([]sampleResult(nil), r.results...)
	usage := r.usage
	tokens := r.tokens()
	r.mu.Unlock()
	scores, reductions, summaries := r.scoreResults(results)
	status, evalErr := r.status(ctx, results)
	stats := evallog.EvalStats{StartedAt: evallog.TimeOf(r.statsStart()), CompletedAt: evallog.TimeOf(time.Now()),
		ModelUsage: usage, RoleUsage: map[string]evallog.ModelUsage{}}
	res := &evallog.EvalResults{TotalSamples: r.planned(), CompletedSamples: len(results), Scores: scores}
	err := r.writer.Finish(status, res, stats, reductions, evalErr)
	sum := Summary{Eval: r.e.Name, Task: r.task.Name, Log: r.writer.Path(), Status: status, Samples: len(results),
		Total: r.planned(), Resumed: r.resumedCount(), AllErrored: allErroredCount(results), Scores: summaries, Tokens: tokens, Cost: totalCost(usage),
		Elapsed: time.Since(r.started)}
	if evalErr != nil {
		sum.Error = evalErr.Message
	}
	sum.SampleError = firstSampleError(results)
	if err != nil {
		return sum, fmt.Errorf("finish log: %w", err)
	}
	return sum, nil
}

// planned is the number of sample × epochs the eval (or its shard) runs.
func (r *evalRun) planned() int {
	n := 0
	for epoch := 1; epoch <= r.epochs(); epoch++ {
		for i := range r.samples {
			if r.inShard(i, epoch) {
				n++
			}
		}
	}
	return n
}

// status is success, cancelled (Ctrl-C) or error (some sample failed).
func (r *evalRun) status(ctx context.Context, results []sampleResult) (string, *evallog.EvalError) {
	if ctx.Err() != nil {
		return evallog.StatusCancelled, &evallog.EvalError{Message: "cancelled by the operator"}
	}
	failed := 0
	for _, res := range results {
		if res.failed {
			failed++
		}
	}
	if r.failsEval(failed, len(results)) {
		msg := fmt.Sprintf("%d of %d samples failed; see each sample's error", failed, len(results))
		return evallog.StatusError, &evallog.EvalError{Message: msg, Traceback: msg}
	}
	return evallog.StatusSuccess, nil
}

// firstSampleError is the error of the first failed result, "" if none.
func firstSampleError(results []sampleResult) string {
	for _, res := range results {
		if res.err != "" {
			return res.err
		}
	}
	return ""
}

// firstLine is s up to its first newline.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// failsEval applies Options.FailOnError to failed samples out of n: any
// fails the eval by default, as in Inspect; an eval whose every sample
// failed is always an error.
func (r *evalRun) failsEval(failed, n int) bool {
	limit := r.opts.FailOnError
	switch {
	case failed == 0:
		return false
	case failed == n:
		return true
	case limit == nil:
		return true
	case *limit == 0:
		return false
	case *limit < 1:
		return float64(failed) > *limit*float64(n)
	}
	return float64(failed) >= *limit
}

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
		for _, name := range r.reducers() {
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

// totalCost sums the usage's cost; nil when no model reported one.
func totalCost(usage map[string]evallog.ModelUsage) *float64 {
	var cost *float64
	for _, u := range usage {
		if u.TotalCost != nil {
			c := *u.TotalCost
			if cost != nil {
				c += *cost
			}
			cost = &c
		}
	}
	return cost
}
