package eval

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/resume"
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
	dataset := evallog.EvalDataset{Name: r.task.Name, Samples: len(r.plan), Shuffled: ds.Shuffle}
	if ds.File != "" {
		dataset.Name, dataset.Location = filepath.Base(ds.File), ds.File
	}
	for _, s := range r.plan {
		dataset.SampleIDs = append(dataset.SampleIDs, sampleID(s.ID))
	}
	log := evallog.EvalLog{
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
	r.inspectHeader(&log)
	return log
}

// metadata is the log's eval.metadata: the eval and swarm names (resume
// checks the eval's) and what the caller adds (Options.Metadata).
func (r *evalRun) metadata() map[string]any {
	md := map[string]any{}
	for k, v := range r.opts.Metadata {
		md[k] = v
	}
	md[resume.MetaEval], md["swarm"] = r.e.Name, r.sw.Name
	if arms := r.studyArms(); len(arms) > 0 {
		md[MetaStudies] = arms
	}
	if sc := r.scorersMeta(); len(sc) > 0 {
		md[MetaScorers] = sc
	}
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

// defaultModelConfig is the log model's generate config, as its block sets
// it, with its max_connections (the block's or --max-connections), which
// Inspect keeps in the generate config.
func (r *evalRun) defaultModelConfig() evallog.GenerateConfig {
	out := evallog.GenerateConfig{}
	block := r.defaultModelBlock()
	if raw := block.Config; len(raw) > 0 {
		_ = json.Unmarshal(raw, &out)
	}
	if block.MaxConnections != nil {
		out["max_connections"] = *block.MaxConnections
	}
	return out
}

// logSandbox is the task's sandbox as Inspect records it: its type and,
// for a compose file, the file's path as config (relative to the working
// directory when under it, as Inspect's cwd_relative_path); nil without one.
func (r *evalRun) logSandbox() *evallog.SandboxSpec {
	sb := r.task.Sandbox
	if sb == nil {
		return nil
	}
	spec := &evallog.SandboxSpec{Type: sb.Type}
	if sb.Compose != "" {
		spec.Config = cwdRelative(sb.Compose)
	}
	return spec
}

// cwdRelative is path relative to the working directory when it lies under
// it, else path as given.
func cwdRelative(path string) string {
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	rel, err := filepath.Rel(wd, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return path
	}
	return rel
}
