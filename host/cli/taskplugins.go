package cli

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/hashicorp/hcl/v2"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/inspecttask"
	"github.com/swarmhost/swarmhost/host/plugins/catalog"
)

// describeInspectTasks loads every Inspect task of the suite through the
// task plugin and fills in its task (host/inspecttask), before any eval
// runs: a task that cannot be found, a solver that cannot take a swarm or a
// sandbox without a provider is a diagnostic here.
func describeInspectTasks(ctx context.Context, cat *catalog.Catalog, suite *config.Suite) hcl.Diagnostics {
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
