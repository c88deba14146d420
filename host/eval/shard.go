package eval

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/swarmhost/swarmhost/host/evallog"
)

// MetaShard is the eval.metadata key of a shard's log: {"index": i, "count": n}.
const MetaShard = "swarmhost_shard"

// MaxShards bounds a shard count, from `--shard` or from a log: a log's
// count sizes the merge's table of shards, and a hostile log's count must
// not size memory (issue 27). No run has anywhere near as many jobs.
const MaxShards = 1 << 16

// Shard is one slice of an eval's sample × epochs (`swarmhost run --shard i/n`): the jobs, taken in
// the order the eval runs them (epoch by epoch, samples in dataset order), whose position modulo
// Count is Index. Every shard plans the same samples (the header lists them all), so the logs of
// the n shards merge into the log one run would have written (Merge). The zero Shard is the whole
// eval.
type Shard struct {
	Index, Count int
}

// ParseShard parses "i/n" with 0 <= i < n.
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, errI := strconv.Atoi(a)
	n, errN := strconv.Atoi(b)
	if !ok || errI != nil || errN != nil {
		return Shard{}, fmt.Errorf("shard %q is not INDEX/COUNT (e.g. 0/4)", s)
	}
	sh := Shard{Index: i, Count: n}
	if n < 1 {
		return Shard{}, fmt.Errorf("shard %q: COUNT must be at least 1", s)
	}
	return sh, sh.check()
}

// String is "i/n", or "" for the whole eval.
func (s Shard) String() string {
	if s.whole() {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Count)
}

func (s Shard) whole() bool { return s.Count == 0 }

func (s Shard) check() error {
	if s.whole() {
		return nil
	}
	if s.Count < 1 || s.Index < 0 || s.Index >= s.Count {
		return fmt.Errorf("shard %d/%d: want 0 <= INDEX < COUNT", s.Index, s.Count)
	}
	if s.Count > MaxShards {
		return fmt.Errorf("shard %d/%d: COUNT is above the most shards a run may have, %d", s.Index, s.Count, MaxShards)
	}
	return nil
}

// has reports whether the shard runs the job at position k of the eval's order.
func (s Shard) has(k int) bool { return s.whole() || k%s.Count == s.Index }

// meta is the shard as recorded in eval.metadata.
func (s Shard) meta() map[string]any { return map[string]any{"index": s.Index, "count": s.Count} }

// ShardOf reads the shard a log was written by; the zero Shard for a log of a whole eval.
func ShardOf(l *evallog.EvalLog) (Shard, error) {
	raw, ok := l.Eval.Metadata[MetaShard]
	if !ok {
		return Shard{}, nil
	}
	m, _ := raw.(map[string]any)
	i, okI := metaInt(m["index"])
	n, okN := metaInt(m["count"])
	sh := Shard{Index: i, Count: n}
	if !okI || !okN || n < 1 {
		return Shard{}, fmt.Errorf("eval.metadata.%s is %v, not {index, count}", MetaShard, raw)
	}
	return sh, sh.check()
}

func metaInt(v any) (int, bool) {
	switch n := v.(type) {
	case int:
		return n, n >= math.MinInt32 && n <= math.MaxInt32
	case int64:
		return int(n), n >= math.MinInt32 && n <= math.MaxInt32
	case float64:
		if n < math.MinInt32 || n > math.MaxInt32 {
			return 0, false
		}
		return int(n), n == float64(int(n))
	}
	return 0, false
}

// inShard reports whether this run's shard runs sample index i in epoch.
func (r *evalRun) inShard(index, epoch int) bool {
	return r.opts.Shard.has((epoch-1)*len(r.plan) + index)
}

// checkShard refuses a sharded run whose shards could disagree on the samples' order: a shuffle
// with no seed draws a different order in every shard.
func (r *evalRun) checkShard() error {
	if err := r.opts.Shard.check(); err != nil {
		return err
	}
	if !r.opts.Shard.whole() && r.task.Dataset.Shuffle && r.task.Dataset.Seed == nil {
		return fmt.Errorf("task %s: a sharded run needs the dataset's shuffle to have a seed, "+
			"so that every shard plans the samples in the same order", r.task.Name)
	}
	return nil
}

// shardMetadata adds the shard to the log's eval.metadata.
func (r *evalRun) shardMetadata(md map[string]any) map[string]any {
	if r.opts.Shard.whole() {
		return md
	}
	out := map[string]any{MetaShard: r.opts.Shard.meta()}
	for k, v := range md {
		out[k] = v
	}
	return out
}

// prepareShard checks the run's shard once the dataset is read; a resumed log's shard replaces the
// option (resumeLog), so it is checked there too.
func (r *evalRun) prepareShard(context.Context, Plugins) error {
	r.opts.Metadata = r.shardMetadata(r.opts.Metadata)
	return r.checkShard()
}

// resumeShard takes the shard a resumed log was written by; an explicit --shard must match it.
func (r *evalRun) resumeShard(old *evallog.EvalLog) error {
	sh, err := ShardOf(old)
	if err != nil {
		return err
	}
	if !r.opts.Shard.whole() && r.opts.Shard != sh {
		return fmt.Errorf("the log is of shard %q, not %q", sh, r.opts.Shard)
	}
	r.opts.Shard = sh
	return nil
}
