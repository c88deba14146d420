package eval

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/dataset"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/inspecttask"
	"github.com/swarmhost/swarmhost/host/logconv"
	"github.com/swarmhost/swarmhost/host/plugins"
	"github.com/swarmhost/swarmhost/host/scoring"
	"github.com/swarmhost/swarmhost/host/swarm"
)

// TaskPlugins is implemented by a Plugins that serves task plugins (the
// CLI's catalogue does): an eval whose task is an Inspect task needs it.
type TaskPlugins interface {
	Task(ctx context.Context, name string) (plugins.TaskClient, error)
}

// inspectRun is an Inspect task's link to its task plugin (host/inspecttask).
type inspectRun struct {
	client plugins.TaskClient
	ref    plugins.TaskRef
	desc   *inspecttask.Description
	// results are the task's own, computed once every sample has ended.
	results inspectResults
}

// inspectResults are an Inspect task's metrics and reductions (or why
// they could not be computed).
type inspectResults struct {
	scores     []evallog.EvalScore
	reductions []evallog.EvalSampleReductions
	summaries  []ScoreSummary
	err        error
}

// inspectFinish asks the task plugin for the task's results once every
// sample has ended, while the plugin still runs; a no-op for other tasks.
func (r *evalRun) inspectFinish(ctx context.Context) {
	if r.inspect == nil {
		return
	}
	r.mu.Lock()
	results := append([]sampleResult(nil), r.results...)
	r.mu.Unlock()
	res := &r.inspect.results
	res.scores, res.reductions, res.summaries, res.err = r.inspectResults(context.WithoutCancel(ctx), results)
}

// prepareInspect connects an Inspect task to its task plugin; a no-op for
// other tasks.
func (r *evalRun) prepareInspect(ctx context.Context, plugins Plugins) error {
	it := r.task.Inspect
	if it == nil {
		return nil
	}
	tp, ok := plugins.(TaskPlugins)
	if !ok {
		return fmt.Errorf("task %s is an Inspect task, and this host serves no task plugins", r.task.Name)
	}
	desc, err := inspecttask.Parse(it.Described)
	if err != nil || len(it.Described) == 0 {
		return fmt.Errorf("task %s: the Inspect task %q was not loaded", r.task.Name, it.Spec)
	}
	if desc.Solver.Error != "" {
		return fmt.Errorf("task %s: the task's solver cannot take a swarm: %s", r.task.Name, desc.Solver.Error)
	}
	client, err := tp.Task(ctx, inspecttask.Ref(it).Plugin)
	if err != nil {
		return fmt.Errorf("task %s: %w", r.task.Name, err)
	}
	r.inspect = &inspectRun{client: client, ref: inspecttask.Ref(it), desc: desc}
	return nil
}

// inspectPlan reads the Inspect task's dataset from its plugin once, row
// by row in order, keeping each sample's id and position and the distinct
// sandboxes the samples bring (prepareSampleSandboxes); every row Inspect
// would reject is reported with its index, and none runs then. check, when
// not nil, checks each row's files (sampleFilesCheck).
func (r *evalRun) inspectPlan(ctx context.Context, check func(pos int, s dataset.Sample) error) ([]dataset.Entry, error) {
	var plan []dataset.Entry
	var errs []error
	err := r.inspect.client.Samples(ctx, r.inspect.ref, func(row plugins.TaskRow) error {
		s, err := inspectRow(row)
		if err != nil {
			errs = append(errs, err)
			return nil
		}
		if check != nil {
			if err := check(int(row.Index), s); err != nil {
				errs = append(errs, err)
				return nil
			}
		}
		e := dataset.Entry{ID: s.ID, Pos: int(row.Index), Line: s.Line, Offset: -1}
		r.extra.note(s.Sandbox, e)
		plan = append(plan, e)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("the Inspect task %s has rows it cannot run: %w", r.task.Inspect.Spec, errors.Join(errs...))
	}
	if len(plan) == 0 {
		return nil, fmt.Errorf("the Inspect task %s has no samples", r.task.Inspect.Spec)
	}
	return plan, nil
}

// inspectRows streams the Inspect task's rows from its plugin again, for
// the feeder: the plugin makes each row as the host reads it.
func (r *evalRun) inspectRows(ctx context.Context, fn func(pos int, s dataset.Sample) error) error {
	return r.inspect.client.Samples(ctx, r.inspect.ref, func(row plugins.TaskRow) error {
		s, err := inspectRow(row)
		if err != nil {
			return err
		}
		return fn(int(row.Index), s)
	})
}

// inspectRow converts one row the task plugin streams.
func inspectRow(row plugins.TaskRow) (dataset.Sample, error) {
	if row.Error != "" {
		return dataset.Sample{}, fmt.Errorf("dataset row %d: %s", row.Index, row.Error)
	}
	s, err := dataset.FromJSONRow(row.JSON, int(row.Index))
	s.Line = int(row.Index) + 1
	return s, err
}

// inspectSetup runs the task's setup steps for the sample × epoch, with the
// sample's sandboxes and the eval's model (setupHost): the swarm's input is
// the conversation they leave, the sample's metadata theirs, and the tools
// they give the sample are offered to the members (withTaskTools). A no-op
// for other tasks.
func (s *sampleRun) inspectSetup(ctx context.Context) error {
	in := s.r.inspect
	if in == nil {
		return nil
	}
	res, err := in.client.Setup(ctx, plugins.TaskSetupRequest{Task: in.ref, Index: int64(s.j.sample.Line - 1),
		SampleID: fmt.Sprint(s.j.sample.ID), Epoch: s.j.epoch, Host: s.newSetupHost()})
	if err != nil {
		return err
	}
	s.taskTools = res.Tools
	if len(res.Messages) > 0 {
		s.input = swarm.WithIDs(res.Messages)
	}
	if len(res.Metadata) > 0 {
		var md map[string]any
		if json.Unmarshal(res.Metadata, &md) == nil {
			s.j.sample.Metadata = md
		}
	}
	return nil
}

// inspectEnd ends the sample × epoch in the task plugin and returns the
// sample's Inspect store (what the setup steps and the task's tools put
// there), for the log; nil for other tasks.
func (s *sampleRun) inspectEnd() map[string]any {
	in := s.r.inspect
	if in == nil {
		return nil
	}
	raw, err := in.client.End(context.WithoutCancel(context.Background()), in.ref, fmt.Sprint(s.j.sample.ID), s.j.epoch)
	if err != nil {
		s.r.log.Warn("ending the Inspect sample", "sample", s.j.sample.ID, "epoch", s.j.epoch, "error", err)
		return nil
	}
	var store map[string]any
	if len(raw) > 0 {
		_ = json.Unmarshal(raw, &store)
	}
	return store
}

// memberConfig is a member's plugin config as its agent gets it: for
// `member "solver"` (the Inspect task's own solver) the eval's task is
// added, which the member must run on.
func (r *evalRun) memberConfig(m *config.Member) (json.RawMessage, error) {
	if m.Plugin != inspecttask.SolverAgent {
		return m.Config, nil
	}
	if r.task.Inspect == nil {
		return nil, fmt.Errorf("member %q runs an Inspect task's own solver, and task %s is not an Inspect task (task { inspect = \"…\" })", m.Plugin, r.task.Name)
	}
	if m.Isolation == config.IsolationMember {
		return nil, fmt.Errorf("member %q runs in the Inspect task's process, which holds the sample's state: it cannot have isolation = %q", m.Plugin, m.Isolation)
	}
	cfg := map[string]any{}
	if len(m.Config) > 0 {
		if err := json.Unmarshal(m.Config, &cfg); err != nil {
			return nil, err
		}
	}
	cfg["task"] = json.RawMessage(r.task.Inspect.Ref())
	return json.Marshal(cfg)
}

// inspectScore is one sample × epoch's scores as the task plugin reads
// them (swarmhost_inspect_task/scoring.py results()).
type inspectScore struct {
	ID       any                      `json:"id"`
	Epoch    int                      `json:"epoch"`
	Scores   map[string]evallog.Score `json:"scores"`
	Metadata map[string]any           `json:"metadata,omitempty"`
}

// inspectResults are the task's metrics and epoch reductions computed by
// the task's own code (Inspect's eval_results in the task plugin), with
// the summaries the results table shows. Errored samples are left out, as
// Inspect leaves them out.
func (r *evalRun) inspectResults(ctx context.Context, results []sampleResult) ([]evallog.EvalScore, []evallog.EvalSampleReductions, []ScoreSummary, error) {
	var rows []inspectScore
	for _, res := range results {
		if res.failed {
			continue
		}
		row := inspectScore{ID: r.plan[res.index].ID, Epoch: res.epoch, Scores: map[string]evallog.Score{},
			Metadata: res.metadata}
		for i, sc := range r.scorers {
			if i < len(res.scores) {
				row.Scores[sc.name] = logconv.Score(res.scores[i])
			}
		}
		rows = append(rows, row)
	}
	doc, err := evallog.MarshalNonFinite(rows)
	if err != nil {
		return nil, nil, nil, err
	}
	out, err := r.inspect.client.Results(ctx, r.inspect.ref, doc, r.planned())
	if err != nil {
		return nil, nil, nil, err
	}
	var res evallog.EvalResults
	var reductions []evallog.EvalSampleReductions
	if err := evallog.UnmarshalNonFinite(out.Results, &res); err != nil {
		return nil, nil, nil, fmt.Errorf("the task's results: %w", err)
	}
	if len(out.Reductions) > 0 {
		if err := evallog.UnmarshalNonFinite(out.Reductions, &reductions); err != nil {
			return nil, nil, nil, fmt.Errorf("the task's reductions: %w", err)
		}
	}
	return res.Scores, reductions, summaries(res.Scores), nil
}

// summaries are the results table's rows for the task's own results.
func summaries(scores []evallog.EvalScore) []ScoreSummary {
	out := make([]ScoreSummary, len(scores))
	for i, s := range scores {
		sum := ScoreSummary{Name: s.Name, Scorer: s.Scorer, Reducer: s.Reducer, Scored: s.ScoredSamples,
			Total: s.ScoredSamples + s.UnscoredSamples}
		for _, m := range s.Metrics {
			sum.Metrics = append(sum.Metrics, scoring.MetricValue{Name: m.Name, Value: float64(m.Value)})
		}
		out[i] = sum
	}
	return out
}

// inspectHeader gives an Inspect task's log the task fields Inspect writes
// for it (name, file, registry name, version, attributes, arguments,
// dataset, scorers, metrics, sandbox, packages) and its setup steps in the
// plan before the swarm, so Inspect's tools see the task that ran.
func (r *evalRun) inspectHeader(log *evallog.EvalLog) {
	if r.inspect == nil {
		return
	}
	f, spec := r.inspect.desc.Eval, &log.Eval
	spec.Task, spec.TaskVersion, spec.TaskFile = f.Task, f.TaskVersion, f.TaskFile
	spec.TaskRegistryName, spec.TaskDisplayName = f.TaskRegistryName, f.TaskDisplayName
	spec.TaskAttribs, spec.TaskArgs, spec.TaskArgsPassed = f.TaskAttribs, f.TaskArgs, f.TaskArgsPassed
	spec.Tags = f.Tags
	spec.Dataset.Name, spec.Dataset.Location, spec.Dataset.Shuffled = f.Dataset.Name, f.Dataset.Location, f.Dataset.Shuffled
	var scorers []evallog.EvalScorer
	if json.Unmarshal(f.Scorers, &scorers) == nil {
		spec.Scorers = scorers
	}
	if len(f.Metrics) > 0 && string(f.Metrics) != "null" {
		spec.Metrics = f.Metrics
	}
	if f.Sandbox != nil {
		var cfg any
		_ = json.Unmarshal(f.Sandbox.Config, &cfg)
		spec.Sandbox = &evallog.SandboxSpec{Type: f.Sandbox.Type, Config: cfg}
	}
	for k, v := range f.Packages {
		spec.Packages[k] = v
	}
	for k, v := range f.Metadata {
		if _, ours := spec.Metadata[k]; !ours {
			spec.Metadata[k] = v
		}
	}
	var steps []evallog.EvalPlanStep
	for _, name := range r.inspect.desc.Solver.Setup {
		steps = append(steps, evallog.EvalPlanStep{Solver: name, Params: map[string]any{}})
	}
	log.Plan.Steps = append(steps, log.Plan.Steps...)
}
