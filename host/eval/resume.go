package eval

import (
	"fmt"
	"time"

	"github.com/swarmhost/swarmhost/host/dataset"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/logconv"
)

// MetaEval is the eval.metadata key naming the suite's eval a log belongs
// to; resuming checks it.
const MetaEval = "swarmhost_eval"

// resumeState is what a resumed run found in its log.
type resumeState struct {
	// finished counts the sample × epochs the log held when the run began,
	// redo excluded.
	finished int
	// started is the original run's stats.started_at.
	started time.Time
	// redo holds the samples that errored or that the operator's Ctrl-C cut
	// short: they run again and replace their entries.
	redo map[sampleKey]bool
}

// sampleKey names one sample × epoch of a log.
type sampleKey struct {
	id    evallog.SampleID
	epoch int
}

// StopOperator is the stop reason of a sample cut short by the operator's
// Ctrl-C (metadata.inspect_swarm.stop_reason).
const StopOperator = "operator"

// cutShort reports whether the operator's Ctrl-C ended the sample.
func cutShort(s evallog.EvalSample) bool {
	md, _ := s.Metadata["inspect_swarm"].(map[string]any)
	return md["stop_reason"] == StopOperator
}

// missing reports whether the resumed log lacks the sample × epoch (or
// holds one to redo).
func (r *evalRun) missing(id evallog.SampleID, epoch int) bool {
	return r.resumed.redo[sampleKey{id, epoch}] || !r.writer.Has(id, epoch)
}

// resumeLog continues the log at path (Options.Resume): typically one left
// with status "started" by a killed host, or "cancelled" by Ctrl-C. The
// log decides what the run covers — its sample ids, in its order (so
// --limit and an unseeded shuffle of the first run are kept) — and the
// suite must still describe the same eval: the same eval name, task,
// epochs, reducers, swarm (solver_args) and scorer names. Every sample ×
// epoch the log holds is kept byte for byte, except samples that ended in
// error and samples the operator's Ctrl-C cut short (stop reason
// "operator"), which run again and replace their entries, as Inspect's
// eval-retry re-runs errored samples. The kept samples' scores and usage count
// towards the results, which are recomputed over the whole log at the end.
// A log with status success is complete: ErrLogComplete.
func (r *evalRun) resumeLog(path string) error {
	old, _, err := evallog.ReadRepaired(path)
	if err != nil {
		return fmt.Errorf("resume: %w", err)
	}
	if old.Status == evallog.StatusSuccess {
		return fmt.Errorf("resume %s: %w", path, ErrLogComplete)
	}
	if err := r.checkResumable(old); err != nil {
		return fmt.Errorf("resume %s: %w", path, err)
	}
	if err := r.resumeShard(old); err != nil {
		return fmt.Errorf("resume %s: %w", path, err)
	}
	if err := r.planFromLog(old.Eval.Dataset.SampleIDs); err != nil {
		return fmt.Errorf("resume %s: %w", path, err)
	}
	w, err := evallog.ResumeLog(path)
	if err != nil {
		return fmt.Errorf("resume: %w", err)
	}
	r.writer = w
	r.resumed = &resumeState{started: old.Stats.StartedAt.Time, redo: map[sampleKey]bool{}}
	if r.resumed.started.IsZero() {
		r.resumed.started = old.Eval.Created.Time
	}
	return r.loadFinished(old.Samples)
}

// planFromLog replaces the samples to run with the log's, by id and in the
// log's order.
func (r *evalRun) planFromLog(ids []evallog.SampleID) error {
	if len(ids) == 0 {
		return fmt.Errorf("the log lists no sample ids (eval.dataset.sample_ids)")
	}
	byID := make(map[evallog.SampleID]dataset.Sample, len(r.samples))
	for _, s := range r.samples {
		byID[sampleID(s.ID)] = s
	}
	planned := make([]dataset.Sample, len(ids))
	for i, id := range ids {
		s, ok := byID[id]
		if !ok {
			return fmt.Errorf("sample %v of the log is not in the dataset", id)
		}
		planned[i] = s
	}
	r.samples = planned
	return nil
}

// loadFinished turns the log's samples into results, so the final metrics
// and reductions cover the whole log.
func (r *evalRun) loadFinished(samples []evallog.EvalSample) error {
	index := make(map[evallog.SampleID]int, len(r.samples))
	for i, s := range r.samples {
		index[sampleID(s.ID)] = i
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, s := range samples {
		i, ok := index[s.ID]
		if !ok || s.Epoch < 1 || s.Epoch > r.epochs() {
			return fmt.Errorf("resume: the log has sample %v epoch %d, which the eval does not plan", s.ID, s.Epoch)
		}
		if cutShort(s) || s.Error != nil {
			r.resumed.redo[sampleKey{s.ID, s.Epoch}] = true
			continue
		}
		r.resumed.finished++
		res := sampleResult{index: i, epoch: s.Epoch, failed: s.Error != nil, gate: gateFromStore(s.Store),
			allErrored: allMembersErrored(s.Store)}
		for _, sc := range r.scorers {
			res.scores = append(res.scores, logconv.ScoreFromLog(s.Scores, sc.name))
		}
		r.addResult(res, s.ModelUsage)
	}
	return nil
}

// statsStart is when the run began: the first run's start when resumed.
func (r *evalRun) statsStart() time.Time {
	if r.resumed != nil {
		return r.resumed.started
	}
	return r.started
}

// resumedCount is how many sample × epochs the resumed log already had.
func (r *evalRun) resumedCount() int {
	if r.resumed == nil {
		return 0
	}
	return r.resumed.finished
}
