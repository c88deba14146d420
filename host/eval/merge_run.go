package eval

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/dataset"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/resume"
	"github.com/swarmhost/swarmhost/host/scoring"
)

// mergeRun rebuilds, from shard 0's header and results, the parts of an evalRun that compute
// results, and loads every shard's samples into it.
func mergeRun(shards []shardLog) (*evalRun, error) {
	spec := shards[0].log.Eval
	name := resume.EvalOf(shards[0].log)
	r := &evalRun{e: &config.Eval{Name: name}, started: time.Now(), usage: map[string]evallog.ModelUsage{},
		task: &config.Task{Name: spec.Task, Dataset: &config.Dataset{},
			Epochs: config.Epochs{Count: int64(max(spec.Config.Epochs, 1)), Reducers: spec.Config.EpochsReducer}},
		resumed: resume.NewState(nil)}
	for i, id := range spec.Dataset.SampleIDs {
		r.plan = append(r.plan, dataset.Entry{ID: datasetID(id), Pos: i, Line: i + 1})
	}
	scorers, err := scorersOfLog(shards[0].log)
	if err != nil {
		return nil, fmt.Errorf("merge: %s: %w", shards[0].path, err)
	}
	r.scorers = scorers
	for _, s := range shards {
		if err := r.loadFinished(s.log.Samples); err != nil {
			return nil, fmt.Errorf("merge: %s: %w", s.path, err)
		}
	}
	return r, nil
}

// datasetID turns a log's sample id back into a dataset's.
func datasetID(id evallog.SampleID) any {
	if n, ok := id.Int(); ok {
		return n
	}
	return id.String()
}

// scorersOfLog recovers the task's scorers from a shard's log: from eval.scorers and
// eval.metadata's MetaScorers (scorersFromMeta), else, for a log written before the host wrote
// MetaScorers, from its results (scorersFromLog). A log with neither cannot be merged.
func scorersOfLog(l *evallog.EvalLog) ([]scorerRun, error) {
	if raw, ok := l.Eval.Metadata[MetaScorers]; ok {
		return scorersFromMeta(l, raw)
	}
	if l.Results == nil {
		return nil, fmt.Errorf("the log has no results and no eval.metadata.%s to say which scorers it ran", MetaScorers)
	}
	return scorersFromLog(l), nil
}

// scorersFromMeta recovers the scorers from eval.metadata's MetaScorers (raw, read back from
// the log): each one's plugin and gate from there, its options and metrics from the
// eval.scorers entry of the same name.
func scorersFromMeta(l *evallog.EvalLog, raw any) ([]scorerRun, error) {
	var metas []ScorerMeta
	b, err := json.Marshal(raw)
	if err == nil {
		err = json.Unmarshal(b, &metas)
	}
	if err != nil {
		return nil, fmt.Errorf("eval.metadata.%s: %w", MetaScorers, err)
	}
	byName := map[string]evallog.EvalScorer{}
	for _, sc := range l.Eval.Scorers {
		byName[sc.Name] = sc
	}
	out := make([]scorerRun, 0, len(metas))
	for _, m := range metas {
		spec, ok := byName[m.Name]
		if !ok {
			return nil, fmt.Errorf("eval.metadata.%s names scorer %q, which eval.scorers does not list", MetaScorers, m.Name)
		}
		set, err := scoring.ParseMetricSet(spec.Metrics)
		if err != nil {
			return nil, fmt.Errorf("eval.scorers %q: metrics: %w", m.Name, err)
		}
		opts, err := json.Marshal(spec.Options)
		if err != nil || spec.Options == nil {
			opts = []byte("{}")
		}
		out = append(out, scorerRun{name: m.Name, cfg: &config.Scorer{Plugin: m.Plugin, Gate: m.Gate, Metrics: &set, Config: opts}})
	}
	return out, nil
}

// scorersFromLog recovers the task's scorers from a shard's log: their names, plugins and options
// from results.scores (one entry per scorer × reducer, and per key of dict-valued scores, in scorer
// order, then the gate entry when the first scorer gates), their metrics from eval.scorers (as
// Inspect declares them; a dictionary's keys in sorted order).
func scorersFromLog(l *evallog.EvalLog) []scorerRun {
	declared := map[string]*scoring.MetricSet{}
	for _, sc := range l.Eval.Scorers {
		if set, err := scoring.ParseMetricSet(sc.Metrics); err == nil && sc.Metrics != nil {
			declared[sc.Name] = &set
		}
	}
	var out []scorerRun
	seen := map[string]bool{}
	gate := false
	for _, s := range l.Results.Scores {
		if s.Scorer == GateScorer {
			gate = true
			continue
		}
		set, ok := declared[s.Name]
		if seen[s.Name] || !ok && len(declared) > 0 {
			continue // a later reducer's entry, or one key of a scorer's dict-valued scores
		}
		seen[s.Name] = true
		if !ok {
			var names []string
			for _, m := range s.Metrics {
				names = append(names, m.Name)
			}
			plain := scoring.ListOf(names...)
			set = &plain
		}
		// The scorer's options, which results.scores records as its params (scorerOptions).
		opts, err := json.Marshal(s.Params)
		if err != nil || s.Params == nil {
			opts = []byte("{}")
		}
		out = append(out, scorerRun{name: s.Name, cfg: &config.Scorer{Plugin: s.Scorer, Metrics: set, Config: opts}})
	}
	if gate && len(out) > 0 {
		out[0].cfg.Gate = true
	}
	return out
}

// finishMerge writes the merged log's results, as finish does for a run; its stats span the
// shards, from the first start to the last completion.
func (r *evalRun) finishMerge(shards []shardLog) (Summary, error) {
	results := append([]sampleResult(nil), r.results...)
	scores, reductions, summaries, metricsErr := r.scoreResults(context.Background(), results)
	status, evalErr := r.status(context.Background(), results)
	status, evalErr = withMetricsError(status, evalErr, metricsErr)
	start, end := span(shards)
	stats := evallog.EvalStats{StartedAt: start, CompletedAt: end,
		ModelUsage: r.usage, RoleUsage: map[string]evallog.ModelUsage{}}
	res, reductions := resultsFor(status, &evallog.EvalResults{TotalSamples: r.planned(), CompletedSamples: len(results),
		Scores: scores}, reductions)
	sum := Summary{Eval: r.e.Name, Task: r.task.Name, Log: r.writer.Path(), Status: status, Samples: len(results),
		Total: r.planned(), Scores: summaries, Tokens: r.tokens(), Cost: totalCost(r.usage),
		Elapsed: stats.CompletedAt.Sub(stats.StartedAt.Time)}
	if evalErr != nil {
		sum.Error = evalErr.Message
	}
	if err := r.writer.Finish(status, res, stats, reductions, evalErr); err != nil {
		return sum, fmt.Errorf("merge: finish log: %w", err)
	}
	return sum, nil
}
