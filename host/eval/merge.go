package eval

import (
	"errors"
	"fmt"

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
