package eval

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/swarmhost/swarmhost/host/dataset"
	"github.com/swarmhost/swarmhost/host/scoring"
)

// A run holds its dataset's rows only while they are needed: the plan
// (r.plan) keeps each sample's id and position for the whole eval, as the
// log's header and results need them, and the rows themselves are streamed
// again from their source, epoch by epoch, each handed to the worker that
// runs it and dropped when it ends. At most MaxSamples rows run, one more
// waits to be taken. A plan out of file order (a shuffled dataset, or a
// resumed log's order) reads each row of a JSON Lines or CSV file alone,
// from its offset (dataset.Rows); from any other source (a JSON document,
// a task plugin's stream) a row read before its turn waits in the feeder
// until its turn, so such a plan holds up to its selected rows at once.

// rowSource streams a task's rows in the source's order, each with its
// 0-based position (dataset.Entry.Pos), until fn returns an error.
type rowSource func(ctx context.Context, fn func(pos int, s dataset.Sample) error) error

// fileSource streams a dataset file's rows.
func fileSource(path string, opts dataset.Options) rowSource {
	return func(ctx context.Context, fn func(int, dataset.Sample) error) error {
		return dataset.Scan(path, opts, func(pos int, s dataset.Sample) error {
			if err := ctx.Err(); err != nil {
				return err
			}
			return fn(pos, s)
		})
	}
}

// sliceSource streams rows already in memory (inline samples, which the
// suite holds anyway); a sample's position is its Line - 1.
func sliceSource(samples []dataset.Sample) rowSource {
	return func(ctx context.Context, fn func(int, dataset.Sample) error) error {
		for _, s := range samples {
			if err := ctx.Err(); err != nil {
				return err
			}
			if err := fn(s.Line-1, s); err != nil {
				return err
			}
		}
		return nil
	}
}

// entriesOf is the plan of samples already read.
func entriesOf(samples []dataset.Sample) []dataset.Entry {
	out := make([]dataset.Entry, len(samples))
	for i, s := range samples {
		out[i] = dataset.Entry{ID: s.ID, Pos: s.Line - 1, Line: s.Line, Offset: -1}
	}
	return out
}

// errPlanDone stops a source once every row of the plan went by.
var errPlanDone = errors.New("every planned row was read")

// feedEpoch streams the rows once and queues the epoch's jobs in plan
// order: those the run's shard has and the resumed log lacks. A row not in
// the plan is dropped at once; the source stops after the plan's last row.
func (r *evalRun) feedEpoch(ctx context.Context, epoch int, jobs chan<- job) error {
	run := r.epochRuns(epoch)
	if run == 0 && !r.needsMetadata() {
		return nil
	}
	if r.rowsAt != nil {
		return r.feedAt(ctx, epoch, jobs)
	}
	q := &reorder{r: r, epoch: epoch, held: map[int]dataset.Sample{}}
	err := r.source(ctx, func(pos int, s dataset.Sample) error {
		r.rows.take(1)
		return q.add(ctx, pos, s, jobs)
	})
	r.rows.drop(len(q.held))
	switch {
	case errors.Is(err, errPlanDone):
		return nil
	case err != nil:
		return err
	case q.next < len(r.plan):
		return fmt.Errorf("the dataset changed while the eval ran: sample %v is no longer in it", r.plan[q.next].ID)
	}
	return nil
}

// feedAt queues the epoch's jobs in plan order, reading each row alone
// from its offset in the file.
func (r *evalRun) feedAt(ctx context.Context, epoch int, jobs chan<- job) error {
	q := &reorder{r: r, epoch: epoch}
	for ; q.next < len(r.plan); q.next++ {
		if !r.runs(q.next, epoch) && !r.waitsMetadata(q.next) {
			continue
		}
		e := r.plan[q.next]
		s, err := r.rowsAt.At(e)
		if err != nil {
			return err
		}
		r.rows.take(1)
		if sampleID(s.ID) != sampleID(e.ID) {
			r.rows.drop(1)
			return fmt.Errorf("the dataset changed while the eval ran: line %d has id %v, not %v", e.Line, s.ID, e.ID)
		}
		if err := q.queue(ctx, s, jobs); err != nil {
			return err
		}
	}
	return nil
}

// openRowsAt opens a file dataset for feedAt when the plan is out of file
// order and every row can be read alone; otherwise the rows are streamed.
func (r *evalRun) openRowsAt() error {
	if r.file == nil || slices.IsSortedFunc(r.plan, func(a, b dataset.Entry) int { return a.Pos - b.Pos }) ||
		slices.ContainsFunc(r.plan, func(e dataset.Entry) bool { return e.Offset < 0 }) {
		return nil
	}
	rows, err := dataset.OpenRows(r.file.path, r.file.opts)
	if err != nil {
		return fmt.Errorf("dataset: %w", err)
	}
	r.rowsAt = rows
	return nil
}

// fileDataset is a task's dataset file and how it is read.
type fileDataset struct {
	path string
	opts dataset.Options
}

// epochRuns counts the jobs of epoch this run queues.
func (r *evalRun) epochRuns(epoch int) int {
	n := 0
	for i := range r.plan {
		if r.runs(i, epoch) {
			n++
		}
	}
	return n
}

// runs reports whether this run queues sample i of the plan in epoch: its
// shard has it, and a resumed log lacks it.
func (r *evalRun) runs(i, epoch int) bool {
	return r.inShard(i, epoch) && (r.resumed == nil || r.missing(sampleID(r.plan[i].ID), epoch))
}

// reorder hands rows to the workers in plan order.
type reorder struct {
	r     *evalRun
	epoch int
	// next is the plan index whose row is due; held are rows read before
	// their turn, by plan index.
	next int
	held map[int]dataset.Sample
}

// add takes the row at pos and queues every row now due.
func (q *reorder) add(ctx context.Context, pos int, s dataset.Sample, jobs chan<- job) error {
	r := q.r
	k, ok := r.planAt[pos]
	if !ok {
		r.rows.drop(1)
		return nil
	}
	if sampleID(s.ID) != sampleID(r.plan[k].ID) {
		r.rows.drop(1)
		return fmt.Errorf("the dataset changed while the eval ran: row %d has id %v, not %v", pos+1, s.ID, r.plan[k].ID)
	}
	q.held[k] = s
	for {
		due, ok := q.held[q.next]
		if !ok {
			return nil
		}
		delete(q.held, q.next)
		if err := q.queue(ctx, due, jobs); err != nil {
			return err
		}
		if q.next++; q.next == len(r.plan) {
			return errPlanDone
		}
	}
}

// queue sends the due row to a worker, or drops it when this run does not
// run it in the epoch.
func (q *reorder) queue(ctx context.Context, s dataset.Sample, jobs chan<- job) error {
	r := q.r
	r.noteMetadata(q.next, s.Metadata)
	if !r.runs(q.next, q.epoch) {
		r.rows.drop(1)
		return nil
	}
	select {
	case jobs <- job{index: q.next, epoch: q.epoch, sample: s}:
		return nil
	case <-ctx.Done():
		r.rows.drop(1)
		return ctx.Err()
	}
}

// planIndex maps each planned row's position to its plan index.
func (r *evalRun) planIndex() {
	r.planAt = make(map[int]int, len(r.plan))
	for i, e := range r.plan {
		r.planAt[e.Pos] = i
	}
}

// noteMetadata gives the resumed log's kept results of plan index i their
// sample's metadata, which the metrics read (a kept sample's row is read
// as it goes by, not held).
func (r *evalRun) noteMetadata(i int, md map[string]any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, k := range r.needMeta[i] {
		r.results[k].metadata = md
	}
	delete(r.needMeta, i)
}

// metricsReadMetadata reports whether a metric may read the samples'
// metadata, so each result keeps its sample's: an Inspect task's metrics
// (computed by the task's own code) and those a scorer's plugin computes
// (a custom @metric, grouped()); the host's built-in metrics do not.
func (r *evalRun) metricsReadMetadata() bool {
	if r.inspect != nil {
		return true
	}
	for _, sc := range r.scorers {
		if sc.computeMetric != nil && hasPluginMetric(r.metricSet(sc)) {
			return true
		}
	}
	return false
}

// hasPluginMetric reports whether set holds a metric the host does not
// have built in, which the scorer's plugin computes.
func hasPluginMetric(set scoring.MetricSet) bool {
	plugin := func(refs ...scoring.MetricRef) bool {
		return slices.ContainsFunc(refs, func(ref scoring.MetricRef) bool {
			_, ok := scoring.Builtin(ref)
			return !ok
		})
	}
	keys := func(ks []scoring.KeyMetrics) bool {
		return slices.ContainsFunc(ks, func(k scoring.KeyMetrics) bool { return plugin(k.Metrics...) })
	}
	return keys(set.Dict) || slices.ContainsFunc(set.Items, func(it scoring.MetricItem) bool {
		if it.Metric != nil {
			return plugin(*it.Metric)
		}
		return keys(it.Keys)
	})
}

// waitsMetadata reports whether kept results of plan index i wait for
// their metadata.
func (r *evalRun) waitsMetadata(i int) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.needMeta[i]) > 0
}

// needsMetadata reports whether kept results still wait for their
// metadata.
func (r *evalRun) needsMetadata() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.needMeta) > 0
}

// rowGauge counts the dataset rows a run holds: read from the source and
// not yet dropped (a row is dropped when its sample × epoch ends, or at
// once when the run does not run it).
type rowGauge struct {
	eval       string
	live, peak atomic.Int64
}

func (g *rowGauge) take(n int) {
	live := g.live.Add(int64(n))
	for {
		p := g.peak.Load()
		if live <= p || g.peak.CompareAndSwap(p, live) {
			break
		}
	}
	watchRows(g.eval, live)
}

func (g *rowGauge) drop(n int) {
	if n > 0 {
		watchRows(g.eval, g.live.Add(-int64(n)))
	}
}

// rowWatchers are the functions WatchRows registered, by eval name.
var rowWatchers sync.Map

// WatchRows calls fn with the number of dataset rows the host holds for
// the eval named eval each time it changes, until stop is called: a
// measure for tests and diagnostics that a run streams its dataset (the
// count stays near MaxSamples however large the dataset is). fn must be
// quick; it runs on the host's feeding and worker goroutines.
func WatchRows(eval string, fn func(live int64)) (stop func()) {
	rowWatchers.Store(eval, fn)
	return func() { rowWatchers.Delete(eval) }
}

func watchRows(eval string, live int64) {
	if fn, ok := rowWatchers.Load(eval); ok {
		fn.(func(int64))(live)
	}
}
