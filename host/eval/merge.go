package eval

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/dataset"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/resume"
)

// Merge combines the logs of the n shards of one eval (`swarmhost run --shard i/n`, in any order)
// into the log one run would have written, in dir: the shards' samples byte for byte, sorted by
// epoch and id; the header of shard 0 with fresh eval and task ids and without the shard; the
// results, reductions, usage and status recomputed over every sample as Run computes them. Merge
// needs no suite and no plugin: everything it recomputes from is in the logs. The logs may be
// .eval or .json; the merged log is in shard 0's format.
func Merge(paths []string, dir string) (Summary, error) {
	shards, err := readShards(paths)
	if err != nil {
		return Summary{}, err
	}
	r, err := mergeRun(shards)
	if err != nil {
		return Summary{}, err
	}
	w, err := evallog.ConcatLog(dir, mergedHeader(shards), shardPaths(shards), mergedFormat(shards))
	if err != nil {
		return Summary{}, fmt.Errorf("merge: %w", err)
	}
	r.writer = w
	defer func() { _ = w.Close() }()
	return r.finishMerge(shards)
}

// shardLog is one shard's log.
type shardLog struct {
	path  string
	shard Shard
	log   *evallog.EvalLog
}

// readShards reads the logs and checks they are the n finished shards of one eval, returned in shard
// order.
func readShards(paths []string) ([]shardLog, error) {
	if len(paths) == 0 {
		return nil, errors.New("merge: no logs given")
	}
	var byIndex []shardLog
	for _, p := range paths {
		s, err := readShard(p)
		if err != nil {
			return nil, err
		}
		if byIndex == nil {
			byIndex = make([]shardLog, s.shard.Count)
		}
		if err := placeShard(byIndex, s); err != nil {
			return nil, err
		}
	}
	for i, s := range byIndex {
		if s.log == nil {
			return nil, fmt.Errorf("merge: shard %d/%d is missing (%d logs given)", i, len(byIndex), len(paths))
		}
		if err := sameEval(byIndex[0], s); err != nil {
			return nil, err
		}
	}
	return byIndex, nil
}

func readShard(path string) (shardLog, error) {
	l, err := evallog.Read(path)
	if err != nil {
		return shardLog{}, fmt.Errorf("merge: %w", err)
	}
	sh, err := ShardOf(l)
	if err != nil {
		return shardLog{}, fmt.Errorf("merge: %s: %w", path, err)
	}
	if sh.whole() {
		return shardLog{}, fmt.Errorf("merge: %s is not a shard's log (no eval.metadata.%s)", path, MetaShard)
	}
	if l.Status != evallog.StatusSuccess && l.Status != evallog.StatusError {
		return shardLog{}, fmt.Errorf("merge: %s (shard %s) is unfinished (status %s): "+
			"finish it with swarmhost run --resume %s first", path, sh, l.Status, path)
	}
	if l.Results == nil {
		return shardLog{}, fmt.Errorf("merge: %s (shard %s) has no results", path, sh)
	}
	return shardLog{path: path, shard: sh, log: l}, nil
}

func placeShard(byIndex []shardLog, s shardLog) error {
	if s.shard.Count != len(byIndex) {
		return fmt.Errorf("merge: %s is shard %s, the first log given is of a run in %d shards", s.path, s.shard, len(byIndex))
	}
	if prev := byIndex[s.shard.Index]; prev.log != nil {
		return fmt.Errorf("merge: %s and %s are both shard %s", prev.path, s.path, s.shard)
	}
	byIndex[s.shard.Index] = s
	return nil
}

// sameEval checks that shard s ran the same eval, over the same plan, as shard 0.
func sameEval(first, s shardLog) error {
	a, b := first.log.Eval, s.log.Eval
	checks := []struct {
		what string
		x, y any
	}{
		{"eval", a.Metadata[resume.MetaEval], b.Metadata[resume.MetaEval]},
		{"task", a.Task, b.Task},
		{"swarm (solver_args)", a.SolverArgs, b.SolverArgs},
		{"epochs", a.Config.Epochs, b.Config.Epochs},
		{"epoch reducers", a.Config.EpochsReducer, b.Config.EpochsReducer},
		{"sample ids", a.Dataset.SampleIDs, b.Dataset.SampleIDs},
	}
	for _, c := range checks {
		if !resume.SameJSON(c.x, c.y) {
			return fmt.Errorf("merge: %s and %s differ in their %s (%s, %s): not shards of one run",
				first.path, s.path, c.what, mustJSON(c.x), mustJSON(c.y))
		}
	}
	return nil
}

// mergeRun rebuilds, from shard 0's header and results, the parts of an evalRun that compute
// results, and loads every shard's samples into it.
func mergeRun(shards []shardLog) (*evalRun, error) {
	spec := shards[0].log.Eval
	name := resume.EvalOf(shards[0].log)
	r := &evalRun{e: &config.Eval{Name: name}, started: time.Now(), usage: map[string]evallog.ModelUsage{},
		task: &config.Task{Name: spec.Task, Dataset: &config.Dataset{},
			Epochs: config.Epochs{Count: int64(max(spec.Config.Epochs, 1)), Reducers: spec.Config.EpochsReducer}},
		resumed: resume.NewState(nil)}
	for _, id := range spec.Dataset.SampleIDs {
		r.samples = append(r.samples, dataset.Sample{ID: datasetID(id)})
	}
	r.scorers = scorersFromResults(shards[0].log.Results.Scores)
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

// scorersFromResults recovers the task's scorers from results.scores: one entry per scorer ×
// reducer, in scorer order, then the gate entry when the first scorer gates; each with the options
// its entry's params record.
func scorersFromResults(scores []evallog.EvalScore) []scorerRun {
	var out []scorerRun
	seen := map[string]bool{}
	gate := false
	for _, s := range scores {
		if s.Scorer == GateScorer {
			gate = true
			continue
		}
		if seen[s.Name] {
			continue
		}
		seen[s.Name] = true
		var metrics []string
		for _, m := range s.Metrics {
			metrics = append(metrics, m.Name)
		}
		// The scorer's options, which results.scores records as its params (scorerOptions).
		opts, err := json.Marshal(s.Params)
		if err != nil || s.Params == nil {
			opts = []byte("{}")
		}
		out = append(out, scorerRun{name: s.Name, cfg: &config.Scorer{Plugin: s.Scorer, Metrics: metrics, Config: opts}})
	}
	if gate && len(out) > 0 {
		out[0].cfg.Gate = true
	}
	return out
}

// mergedHeader is shard 0's header as one run's: fresh eval and task ids, the earliest creation
// time, no shard in the metadata; the run id is kept when every shard has the same.
func mergedHeader(shards []shardLog) evallog.EvalLog {
	h := *shards[0].log
	h.Samples, h.Reductions, h.Results, h.Error, h.Tags, h.Metadata = nil, nil, nil, nil, nil, nil
	h.Eval.EvalID, h.Eval.TaskID = "", ""
	md := map[string]any{}
	for k, v := range h.Eval.Metadata {
		if k != MetaShard {
			md[k] = v
		}
	}
	h.Eval.Metadata = md
	for _, s := range shards {
		if s.log.Eval.RunID != h.Eval.RunID {
			h.Eval.RunID = ""
		}
		if s.log.Eval.Created.Before(h.Eval.Created.Time) {
			h.Eval.Created = s.log.Eval.Created
		}
	}
	h.Stats = evallog.EvalStats{StartedAt: earliestStart(shards)}
	return h
}

// mergedFormat is the format the merged log is written in: shard 0's (.eval or .json).
func mergedFormat(shards []shardLog) string {
	if evallog.IsEvalFile(shards[0].path) {
		return evallog.FormatEval
	}
	return evallog.FormatJSON
}

func shardPaths(shards []shardLog) []string {
	out := make([]string, len(shards))
	for i, s := range shards {
		out[i] = s.path
	}
	return out
}

func earliestStart(shards []shardLog) evallog.Time {
	t := shards[0].log.Stats.StartedAt
	for _, s := range shards {
		if s.log.Stats.StartedAt.Before(t.Time) {
			t = s.log.Stats.StartedAt
		}
	}
	return t
}

func latestCompletion(shards []shardLog) evallog.Time {
	t := shards[0].log.Stats.CompletedAt
	for _, s := range shards {
		if s.log.Stats.CompletedAt.After(t.Time) {
			t = s.log.Stats.CompletedAt
		}
	}
	return t
}

// finishMerge writes the merged log's results, as finish does for a run; its stats span the
// shards, from the first start to the last completion.
func (r *evalRun) finishMerge(shards []shardLog) (Summary, error) {
	results := append([]sampleResult(nil), r.results...)
	scores, reductions, summaries := r.scoreResults(results)
	status, evalErr := r.status(context.Background(), results)
	stats := evallog.EvalStats{StartedAt: earliestStart(shards), CompletedAt: latestCompletion(shards),
		ModelUsage: r.usage, RoleUsage: map[string]evallog.ModelUsage{}}
	res := &evallog.EvalResults{TotalSamples: r.planned(), CompletedSamples: len(results), Scores: scores}
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

// GroupShards sorts shard logs by the eval they belong to (eval.metadata's eval name), evals in
// the order their first log is given, so the logs a sharded run of a whole suite wrote into one
// directory can be merged eval by eval.
func GroupShards(paths []string) ([][]string, error) {
	var order []string
	groups := map[string][]string{}
	for _, p := range paths {
		l, err := evallog.Read(p)
		if err != nil {
			return nil, fmt.Errorf("merge: %w", err)
		}
		name := resume.EvalOf(l)
		if _, seen := groups[name]; !seen {
			order = append(order, name)
		}
		groups[name] = append(groups[name], p)
	}
	out := make([][]string, len(order))
	for i, name := range order {
		out[i] = groups[name]
	}
	return out, nil
}
