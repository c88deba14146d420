package eval

import (
	"context"
	"fmt"
	"sync"

	"github.com/swarmhost/swarmhost/host/dataset"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/swarm"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// sampleResult is what one sample × epoch left for the eval's results.
type sampleResult struct {
	index int
	epoch int
	// metadata is the sample's metadata from the dataset, for metrics
	// that read it (metricsReadMetadata); nil otherwise.
	metadata map[string]any
	scores   []scorer.Score // one per task scorer
	failed   bool
	gate     gateCounts
	// allErrored says every member of the sample ended errored.
	allErrored bool
	// err names the sample and its error's first line; "" unless failed.
	err string
	// unwritten says why the sample is missing from the log; "" when it was written.
	unwritten string
	// spill holds the sample's model events until it is written; nil
	// when they stayed in memory.
	spill *swarm.Spill
}

// job is one sample × epoch.
type job struct {
	index, epoch int
	sample       dataset.Sample
}

// runSamples runs every sample × epoch, at most MaxSamples at once,
// skipping those the log already holds (a resumed run).
func (r *evalRun) runSamples(ctx context.Context) {
	r.mu.Lock()
	done, tokens := len(r.results), r.tokens()
	r.mu.Unlock()
	r.meter.start(r.e.Name, r.planned(), done, tokens, r.started)
	r.planIndex()
	if err := r.openRowsAt(); err != nil {
		r.log.Warn("reading the dataset's rows alone; streaming them instead", "error", err)
	}
	jobs := make(chan job)
	var wg sync.WaitGroup
	for range r.opts.MaxSamples {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				r.runJob(ctx, j)
				r.rows.drop(1)
			}
		}()
	}
	r.feed(ctx, jobs)
	close(jobs)
	wg.Wait()
}

// feed queues jobs epoch by epoch, as Inspect orders them, until ctx ends,
// streaming the rows from their source once per epoch (feed.go). A job the
// log already has (a resumed run) is skipped. When the rows stop coming,
// the eval ends in error with the reason.
func (r *evalRun) feed(ctx context.Context, jobs chan<- job) {
	for epoch := 1; epoch <= r.epochs(); epoch++ {
		if err := r.feedEpoch(ctx, epoch, jobs); err != nil {
			if ctx.Err() == nil {
				r.log.Error("reading the dataset", "epoch", epoch, "error", err)
				r.mu.Lock()
				r.feedErr = fmt.Errorf("dataset: %w", err)
				r.mu.Unlock()
			}
			return
		}
	}
}

func (r *evalRun) epochs() int {
	if r.task.Epochs.Count < 1 {
		return 1
	}
	return int(r.task.Epochs.Count)
}

// runJob runs one sample × epoch and appends it to the log.
func (r *evalRun) runJob(ctx context.Context, j job) {
	r.meter.begin(j)
	logSample, res := r.runSample(ctx, j)
	var retries []evallog.EvalRetryError
	for len(retries) < r.opts.RetryOnError && res.failed && ctx.Err() == nil {
		retries = append(retries, evallog.EvalRetryError{Message: logSample.Error.Message,
			Traceback: logSample.Error.Traceback})
		r.closeSpill(res.spill, j)
		r.meter.retried()
		r.log.Warn("sample errored; retrying", "sample", j.sample.ID, "epoch", j.epoch, "retry", len(retries),
			"error", logSample.Error.Message)
		logSample, res = r.runSample(ctx, j)
	}
	logSample.ErrorRetries = retries
	if r.metricsReadMetadata() {
		res.metadata = j.sample.Metadata
	}
	if logSample.Error != nil {
		res.err = fmt.Sprintf("sample %v epoch %d: %s", j.sample.ID, j.epoch, firstLine(logSample.Error.Message))
	}
	res.gate, res.allErrored = gateFromStore(logSample.Store), allMembersErrored(logSample.Store)
	if err := r.writer.AddSample(logSample); err != nil {
		r.log.Error("writing sample to log", "sample", j.sample.ID, "epoch", j.epoch, "error", err)
		res.unwritten = fmt.Sprintf("sample %v epoch %d was not written to the log: %v", j.sample.ID, j.epoch, err)
		if res.err == "" {
			res.err = res.unwritten
		}
	}
	r.closeSpill(res.spill, j)
	r.mu.Lock()
	r.addResult(res, logSample.ModelUsage)
	tokens := r.tokens()
	r.liveMetric()
	r.mu.Unlock()
	p := r.meter.end(j, tokens)
	if r.opts.Progress != nil {
		r.opts.Progress(p)
	}
}

// closeSpill closes a sample's spill once its events are written, and
// reports an event it could not keep or give back.
func (r *evalRun) closeSpill(sp *swarm.Spill, j job) {
	if err := sp.Err(); err != nil {
		r.log.Error("the spill of model events failed", "sample", j.sample.ID, "epoch", j.epoch, "error", err)
	}
	if err := sp.Close(); err != nil {
		r.log.Warn("closing the spill", "error", err)
	}
}

// addResult records a finished sample and its usage; callers hold r.mu.
func (r *evalRun) addResult(res sampleResult, usage map[string]evallog.ModelUsage) {
	r.results = append(r.results, res)
	for name, u := range usage {
		r.usage[name] = r.usage[name].Add(u)
	}
}

// tokens sums total tokens so far; callers hold r.mu.
func (r *evalRun) tokens() int64 {
	var n int64
	for _, u := range r.usage {
		n += u.TotalTokens
	}
	return n
}

// sampleID converts a dataset id to the log's.
func sampleID(id any) evallog.SampleID {
	switch v := id.(type) {
	case int:
		return evallog.IntID(int64(v))
	case int64:
		return evallog.IntID(v)
	case float64:
		return evallog.IntID(int64(v))
	case string:
		return evallog.StringID(v)
	}
	return evallog.StringID("")
}
