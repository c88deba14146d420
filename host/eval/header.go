package eval

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/resume"
	"github.com/swarmhost/swarmhost/host/scoring"
)

// Version is swarmhost's version, recorded in every log.
const Version = "0.1.0"

// prepareLog creates the eval's log with status "started", or reopens the
// log to resume (resume.go, host/resume).
func (r *evalRun) prepareLog(context.Context, Plugins) error {
	if r.opts.Resume != "" {
		return r.resumeLog(r.opts.Resume)
	}
	if err := os.MkdirAll(r.opts.LogDir, 0o755); err != nil {
		return fmt.Errorf("log dir: %w", err)
	}
	w, err := evallog.CreateLog(r.opts.LogDir, r.header(), r.opts.LogFormat)
	if err == nil && r.opts.NoLogSamples {
		w = &withoutSamples{LogWriter: w, has: map[[2]string]bool{}}
	}
	if err != nil {
		return fmt.Errorf("create log: %w", err)
	}
	r.writer = w
	return nil
}

// header is the log's eval spec and plan: the swarm is the solver, and its
// configuration is the arm's identity (solver_args). stats.started_at is
// set at once, so a log left by a killed host says when its run began.
func (r *evalRun) header() evallog.EvalLog {
	args := r.solverArgs()
	ds := r.task.Dataset
	dataset := evallog.EvalDataset{Name: r.task.Name, Samples: len(r.samples), Shuffled: ds.Shuffle}
	if ds.File != "" {
		dataset.Name, dataset.Location = filepath.Base(ds.File), ds.File
	}
	for _, s := range r.samples {
		dataset.SampleIDs = append(dataset.SampleIDs, sampleID(s.ID))
	}
	return evallog.EvalLog{
		Eval: evallog.EvalSpec{Task: r.task.Name, TaskDisplayName: r.task.Name, TaskRegistryName: r.task.Name,
			Solver: solverName, SolverArgs: args, SolverArgsPassed: args, Dataset: dataset, Model: r.defaultModel(),
			ModelGenConfig: r.defaultModelConfig(), ModelBaseURL: r.defaultModelBlock().BaseURL,
			Sandbox: r.logSandbox(), Scorers: r.logScorers(),
			Config: evallog.EvalConfig{Epochs: r.epochs(), EpochsReducer: r.reducers(), MaxSamples: r.opts.MaxSamples,
				SampleShuffle: r.shuffleSeed(), FailOnError: r.failOnError(), RetryOnError: r.opts.RetryOnError,
				Limit: r.limitConfig(), SampleID: r.sampleIDConfig(), LogSamples: logSamples(r.opts.NoLogSamples)},
			Packages: map[string]string{"swarmhost": Version},
			Metadata: r.metadata()},
		Plan:  evallog.EvalPlan{Steps: []evallog.EvalPlanStep{{Solver: solverName, Params: args, ParamsPassed: args}}},
		Stats: evallog.EvalStats{StartedAt: evallog.TimeOf(r.started)},
	}
}

// metadata is the log's eval.metadata: the eval and swarm names (resume
// checks the eval's) and what the caller adds (Options.Metadata).
func (r *evalRun) metadata() map[string]any {
	md := map[string]any{}
	for k, v := range r.opts.Metadata {
		md[k] = v
	}
	md[resume.MetaEval], md["swarm"] = r.e.Name, r.sw.Name
	return md
}

func (r *evalRun) solverArgs() map[string]any {
	var roster []string
	for _, m := range r.members {
		roster = append(roster, m.Name)
	}
	var channels []string
	for _, c := range r.sw.Channels {
		channels = append(channels, c.Type)
	}
	return map[string]any{"swarm": r.sw.Name, "members": roster, "controller": r.sw.Controller.Plugin,
		"channels": channels}
}

// defaultModel is the first member's model, as "provider/model".
func (r *evalRun) defaultModel() string {
	for _, m := range r.members {
		if m.Model != nil {
			return m.Model.Name()
		}
	}
	return "none/none"
}

func (r *evalRun) reducers() []string {
	if len(r.task.Epochs.Reducers) == 0 {
		return []string{"mean"}
	}
	return r.task.Epochs.Reducers
}

// shuffleSeed is the seed the samples were shuffled with, or nil.
func (r *evalRun) shuffleSeed() any {
	ds := r.task.Dataset
	switch {
	case !ds.Shuffle:
		return nil
	case ds.Seed != nil:
		return *ds.Seed
	case r.seed != nil:
		return *r.seed
	}
	return nil
}

// defaultModelBlock is the model block of the first member with a model
// (the log's model); the zero block when none has one.
func (r *evalRun) defaultModelBlock() config.Model {
	for _, entry := range r.sw.Roster {
		if m := r.suite.Models[entry.Member.Model]; m != nil {
			return *m
		}
	}
	return config.Model{}
}

// defaultModelConfig is the log model's generate config, as its block sets it.
func (r *evalRun) defaultModelConfig() evallog.GenerateConfig {
	out := evallog.GenerateConfig{}
	if raw := r.defaultModelBlock().Config; len(raw) > 0 {
		_ = json.Unmarshal(raw, &out)
	}
	return out
}

// logSandbox is the task's sandbox as Inspect records it; nil without one.
func (r *evalRun) logSandbox() *evallog.SandboxSpec {
	if r.task.Sandbox == nil {
		return nil
	}
	return &evallog.SandboxSpec{Type: r.task.Sandbox.Type}
}

// logScorers are the task's scorers as eval.scorers lists them: name, the
// options the suite gave, and their metrics.
func (r *evalRun) logScorers() []evallog.EvalScorer {
	out := make([]evallog.EvalScorer, 0, len(r.scorers))
	for _, sc := range r.scorers {
		metrics := sc.cfg.Metrics
		if metrics == nil {
			metrics = scoring.DefaultMetrics(sc.cfg.Plugin)
		}
		var ms []map[string]any
		for _, m := range metrics {
			ms = append(ms, map[string]any{"name": "inspect_ai/" + m, "options": map[string]any{}})
		}
		out = append(out, evallog.EvalScorer{Name: sc.name, Options: scorerOptions(sc), Metrics: ms,
			Metadata: map[string]any{}})
	}
	return out
}

// scorerOptions are the attributes the suite set on a scorer (results'
// params and eval.scorers' options); unset ones are left out.
func scorerOptions(sc scorerRun) map[string]any {
	var all map[string]any
	_ = json.Unmarshal(sc.cfg.Config, &all)
	out := map[string]any{}
	for k, v := range all {
		if v != nil {
			out[k] = v
		}
	}
	return out
}

// failOnError is Options.FailOnError as eval.config records it: true (any
// error fails the eval), false (none does), or the fraction or count.
func (r *evalRun) failOnError() any {
	switch f := r.opts.FailOnError; {
	case f == nil:
		return true
	case *f == 0:
		return false
	default:
		return *f
	}
}

// limitConfig is --limit as eval.config records it: N, or [A, B].
func (r *evalRun) limitConfig() any {
	switch {
	case r.opts.LimitFrom > 0:
		return []int{r.opts.LimitFrom, r.opts.Limit}
	case r.opts.Limit > 0:
		return r.opts.Limit
	}
	return nil
}

// sampleIDConfig is --sample-id as eval.config records it.
func (r *evalRun) sampleIDConfig() any {
	if len(r.opts.SampleIDs) == 0 {
		return nil
	}
	return r.opts.SampleIDs
}

// logSamples is eval.config.log_samples: false with --no-log-samples.
func logSamples(none bool) *bool {
	if !none {
		return nil
	}
	f := false
	return &f
}

// withoutSamples is a log that keeps the samples out (--no-log-samples):
// the header and, at the end, the results.
type withoutSamples struct {
	evallog.LogWriter
	mu  sync.Mutex
	has map[[2]string]bool
}

// AddSample notes the sample without writing it.
func (w *withoutSamples) AddSample(s evallog.EvalSample) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.has[[2]string{s.ID.String(), fmt.Sprint(s.Epoch)}] = true
	return nil
}

// Has reports whether the run added the sample.
func (w *withoutSamples) Has(id evallog.SampleID, epoch int) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.has[[2]string{id.String(), fmt.Sprint(epoch)}]
}
