package eval

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/swarmhost/swarmhost/host/evallog"
)

// finish reduces epochs, computes metrics and finishes the log. pluginsDone,
// when set, is called once the metrics are computed: the scorers' plugins
// compute those the host does not (declareMetrics), so they must be up
// until then, and no later plugin call is made.
func (r *evalRun) finish(ctx context.Context, pluginsDone func()) (Summary, error) {
	r.mu.Lock()
	results := append([]sampleResult(nil), r.results...)
	usage := r.usage
	tokens := r.tokens()
	r.mu.Unlock()
	scores, reductions, summaries, metricsErr := r.evalResults(ctx, results)
	if pluginsDone != nil {
		pluginsDone()
	}
	status, evalErr := r.status(ctx, results)
	status, evalErr = withMetricsError(status, evalErr, metricsErr)
	stats := evallog.EvalStats{StartedAt: evallog.TimeOf(r.statsStart()), CompletedAt: evallog.TimeOf(time.Now()),
		ModelUsage: usage, RoleUsage: map[string]evallog.ModelUsage{}}
	res, reductions := resultsFor(status, &evallog.EvalResults{TotalSamples: r.planned(), CompletedSamples: len(results),
		Scores: scores}, reductions)
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

// resultsFor is what a log finished with status keeps of its results and
// reductions: none for a failed eval, as Inspect writes one (its eval
// fails by raising, before eval_results runs); otherwise both. The CLI's
// summary keeps the scores either way; resume and merge read the scorers
// from eval.scorers and eval.metadata (MetaScorers), not the results.
func resultsFor(status string, res *evallog.EvalResults, reductions []evallog.EvalSampleReductions) (
	*evallog.EvalResults, []evallog.EvalSampleReductions) {
	if status == evallog.StatusError {
		return nil, nil
	}
	return res, reductions
}

// withMetricsError fails an eval whose metrics could not be computed, as
// Inspect fails one whose eval_results raises; the samples stay in the log.
func withMetricsError(status string, evalErr *evallog.EvalError, err error) (string, *evallog.EvalError) {
	if err == nil || evalErr != nil {
		return status, evalErr
	}
	return evallog.StatusError, &evallog.EvalError{Message: "metrics: " + err.Error()}
}

// evalResults are the eval's scores, reductions and summaries: the host's
// (scoreResults), or an Inspect task's own (inspectResults), computed by
// Inspect's eval_results in the task plugin.
func (r *evalRun) evalResults(ctx context.Context, results []sampleResult) ([]evallog.EvalScore,
	[]evallog.EvalSampleReductions, []ScoreSummary, error) {
	if r.inspect != nil {
		res := r.inspect.results
		return res.scores, res.reductions, res.summaries, res.err
	}
	return r.scoreResults(ctx, results)
}

// planned is the number of sample × epochs the eval (or its shard) runs.
func (r *evalRun) planned() int {
	n := 0
	for epoch := 1; epoch <= r.epochs(); epoch++ {
		for i := range r.plan {
			if r.inShard(i, epoch) {
				n++
			}
		}
	}
	return n
}

// status is success, cancelled (Ctrl-C) or error (some sample failed,
// or is missing from the log because it could not be written).
func (r *evalRun) status(ctx context.Context, results []sampleResult) (string, *evallog.EvalError) {
	if ctx.Err() != nil {
		return evallog.StatusCancelled, &evallog.EvalError{Message: "cancelled by the operator"}
	}
	if e := unwrittenError(results); e != nil {
		return evallog.StatusError, e
	}
	r.mu.Lock()
	feedErr := r.feedErr
	r.mu.Unlock()
	if feedErr != nil {
		return evallog.StatusError, &evallog.EvalError{Message: feedErr.Error(), Traceback: feedErr.Error()}
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

// unwrittenError names the samples the log is missing, nil when none:
// a run whose log lacks a sample it ran is never a success.
func unwrittenError(results []sampleResult) *evallog.EvalError {
	var lines []string
	for _, res := range results {
		if res.unwritten != "" {
			lines = append(lines, res.unwritten)
		}
	}
	if len(lines) == 0 {
		return nil
	}
	msg := fmt.Sprintf("%d of %d samples are missing from the log: %s", len(lines), len(results), lines[0])
	return &evallog.EvalError{Message: msg, Traceback: strings.Join(lines, "\n")}
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

// failsEval applies Options.FailOnError to failed samples out of n as
// Inspect's _should_eval_fail does: any fails the eval by default; a
// fraction fails it when failed >= fraction × n, a count when failed >=
// count. An eval whose every sample failed is always an error.
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
		return float64(failed) >= *limit*float64(n)
	}
	return float64(failed) >= *limit
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
