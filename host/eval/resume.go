package eval

import (
	"fmt"
	"time"

	"github.com/swarmhost/swarmhost/host/dataset"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/logconv"
	"github.com/swarmhost/swarmhost/host/resume"
)

// missing reports whether the resumed log lacks the sample × epoch (or
// holds one to redo).
func (r *evalRun) missing(id evallog.SampleID, epoch int) bool {
	return r.resumed.Again(resume.Key{ID: id, Epoch: epoch}, r.writer.Has(id, epoch))
}

// resumeLog continues the log at path (Options.Resume): typically one left
// with status "started" by a killed host, or "cancelled" by Ctrl-C. The
// log decides what the run covers — its sample ids, in its order — and the
// suite must still describe the same eval; the samples that ended in error
// or that the operator's Ctrl-C cut short run again, the others are kept
// (host/resume says what is kept and why). The kept samples' scores and
// usage count towards the results, which are recomputed over the whole log
// at the end. A log with status success is complete: resume.ErrLogComplete.
func (r *evalRun) resumeLog(path string) error {
	old, err := resume.Open(path)
	if err != nil {
		return err
	}
	if err := r.resumePlan(old); err != nil {
		return fmt.Errorf("resume %s: %w", path, err)
	}
	w, err := evallog.ResumeLog(path)
	if err != nil {
		return fmt.Errorf("resume: %w", err)
	}
	r.writer = w
	r.resumed = resume.NewState(old)
	return r.loadFinished(held(old.Samples, w))
}

// held keeps the samples the resumed writer holds. They are what the run
// counts as finished (missing asks the writer too): a host killed between
// an .eval sample and its journal summary leaves a sample that reads back
// but that the writer drops and the run does again, and that must not
// count twice.
func held(samples []evallog.EvalSample, w evallog.LogWriter) []evallog.EvalSample {
	out := samples[:0:0]
	for _, s := range samples {
		if w.Has(s.ID, s.Epoch) {
			out = append(out, s)
		}
	}
	return out
}

// resumePlan checks that the log was written for this eval as the suite
// now describes it, and takes its shard and its samples as the run's.
func (r *evalRun) resumePlan(old *evallog.EvalLog) error {
	suite := resume.Suite{Eval: r.e.Name, Task: r.task.Name, Epochs: r.epochs(), Reducers: r.reducers(),
		SolverArgs: r.solverArgs(), Scorers: r.scorerNames()}
	if err := resume.Check(old, suite); err != nil {
		return err
	}
	if err := r.resumeShard(old); err != nil {
		return err
	}
	planned, err := resume.Order(old.Eval.Dataset.SampleIDs, r.plan,
		func(e dataset.Entry) evallog.SampleID { return sampleID(e.ID) })
	if err != nil {
		return err
	}
	r.plan = planned
	return nil
}

// loadFinished turns the log's samples into results, so the final metrics
// and reductions cover the whole log.
func (r *evalRun) loadFinished(samples []evallog.EvalSample) error {
	plan := make([]evallog.SampleID, len(r.plan))
	for i, s := range r.plan {
		plan[i] = sampleID(s.ID)
	}
	sorted, err := resume.Split(samples, plan, r.epochs())
	if err != nil {
		return fmt.Errorf("resume: %w", err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.resumed.Add(sorted)
	for _, k := range sorted.Kept {
		s := k.Sample
		res := sampleResult{index: k.Index, epoch: s.Epoch, gate: gateFromStore(s.Store),
			allErrored: allMembersErrored(s.Store)}
		for _, sc := range r.scorers {
			res.scores = append(res.scores, logconv.ScoreFromLog(s.Scores, sc.name))
		}
		if r.metricsReadMetadata() {
			r.waitMetadata(k.Index)
		}
		r.addResult(res, s.ModelUsage)
	}
	return nil
}

// waitMetadata notes that the result about to be added, of plan index i,
// takes its sample's metadata when the feeder reads the row; callers hold
// r.mu.
func (r *evalRun) waitMetadata(i int) {
	if r.needMeta == nil {
		r.needMeta = map[int][]int{}
	}
	r.needMeta[i] = append(r.needMeta[i], len(r.results))
}

// statsStart is when the run began: the first run's start when resumed.
func (r *evalRun) statsStart() time.Time {
	if r.resumed != nil {
		return r.resumed.Started
	}
	return r.started
}

// resumedCount is how many sample × epochs the resumed log already had.
func (r *evalRun) resumedCount() int {
	if r.resumed == nil {
		return 0
	}
	return r.resumed.Finished
}
