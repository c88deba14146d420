package cli

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/hashicorp/hcl/v2"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/inspecttask"
	"github.com/swarmhost/swarmhost/host/plugins"
	"github.com/swarmhost/swarmhost/sdk/rpc"
)

// Names the Inspect task plugin serves under the agent and scorer kinds:
// `member "solver"` runs an Inspect task's own solver, and the host names
// each of the task's scorers "task". Both are dispensed from the task
// plugin's binary (its path), so one process holds the task, its samples'
// state, the members running its solver and its scorers.
const (
	TaskSolverAgent = "solver"
	TaskScorer      = "task"
)

// taskServed is the task plugin kind and name that serves kind/name, if any.
func taskServed(kind, name string) (config.PluginRef, bool) {
	switch {
	case kind == config.KindAgent && name == TaskSolverAgent, kind == config.KindScorer && name == TaskScorer:
		return config.PluginRef{Kind: config.KindTask, Name: config.InspectPlugin}, true
	}
	return config.PluginRef{}, false
}

// servedBinary is the task plugin's binary under kind/name, for the
// names the task plugin serves.
func (c *catalogue) servedBinary(kind, name string, task config.PluginRef) (plugins.Binary, error) {
	b, err := c.binary(task.Kind, task.Name)
	if err != nil {
		return b, err
	}
	b.Kind, b.Name = kind, name
	return b, nil
}

// Task implements eval.TaskPlugins: the task plugin's client.
func (c *catalogue) Task(ctx context.Context, name string) (rpc.TaskClient, error) {
	b, err := c.binary(config.KindTask, name)
	if err != nil {
		return nil, err
	}
	return c.mgr.Task(ctx, b)
}

// describeInspectTasks loads every Inspect task of the suite through the
// task plugin and fills in its task (host/inspecttask), before any eval
// runs: a task that cannot be found, a solver that cannot take a swarm or a
// sandbox without a provider is a diagnostic here.
func describeInspectTasks(ctx context.Context, cat *catalogue, suite *config.Suite) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, name := range slices.Sorted(maps.Keys(suite.Tasks)) {
		t := suite.Tasks[name]
		if t.Inspect == nil {
			continue
		}
		client, err := cat.Task(ctx, config.InspectPlugin)
		if err != nil {
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Inspect task plugin unavailable",
				Detail:  fmt.Sprintf("Task %s names the Inspect task %q, which needs the task plugin swarmhost-task-inspect: %v", name, t.Inspect.Spec, err),
				Subject: rangeOrNil(t.Inspect.Range)})
			continue
		}
		d, more := inspecttask.Describe(ctx, client, t.Inspect)
		if more.HasErrors() && t.Inspect.Range.Filename == config.CommandLine {
			more = withSuiteReading(more, t.Inspect.Spec)
		}
		diags = append(diags, more...)
		if d != nil {
			diags = append(diags, inspecttask.Compile(t, d)...)
		}
	}
	return diags
}

// rangeOrNil is &r, nil for a range without a file.
func rangeOrNil(r hcl.Range) *hcl.Range {
	if r.Filename == "" {
		return nil
	}
	return &r
}

// withSuiteReading adds, to a task the command line named that the task
// plugin could not load, why it is not a suite either.
func withSuiteReading(diags hcl.Diagnostics, spec string) hcl.Diagnostics {
	for _, d := range diags {
		if d.Summary == "Not an Inspect task" {
			d.Detail = fmt.Sprintf("%s\n  as a suite (a .hcl file or a directory): %s", d.Detail, notFound(spec))
		}
	}
	return diags
}
