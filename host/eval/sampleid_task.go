package eval

import (
	"fmt"
	"slices"
	"strings"
)

// TaskSampleIDs is --sample-id as it applies to the task named task, as
// Inspect's resolve_task_sample_ids (inspect_ai/_eval/run.py) resolves it:
// a selector "name:id" (split at its first colon) applies only to the task
// whose name equals name ignoring case, and stands there for id (a pattern
// too: "alpha:q*"); a selector without a colon applies to every task. The
// order of the selectors is kept. A task that no selector applies to gets
// none (and, as in Inspect, runs no sample: selectSamples fails).
func TaskSampleIDs(task string, ids []string) []string {
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		name, scoped, ok := strings.Cut(id, ":")
		switch {
		case !ok:
			out = append(out, id)
		case strings.EqualFold(name, task):
			out = append(out, scoped)
		}
	}
	return out
}

// CheckSampleIDs is the usage check of --sample-id ids against the tasks
// of the evals to run: a "name:id" selector whose name is none of tasks
// (ignoring case) is an error, where Inspect drops it without a word; and
// a task that no selector applies to is an error, as in Inspect, which
// fails the whole eval ("No matches in dataset … for sample_id filter ”")
// before running a sample.
func CheckSampleIDs(ids, tasks []string) error {
	for _, id := range ids {
		name, _, ok := strings.Cut(id, ":")
		if ok && !slices.ContainsFunc(tasks, func(t string) bool { return strings.EqualFold(t, name) }) {
			return fmt.Errorf("--sample-id %s: no task %q among the evals' tasks (%s)",
				id, name, strings.Join(tasks, ", "))
		}
	}
	if len(ids) == 0 {
		return nil
	}
	for _, t := range tasks {
		if len(TaskSampleIDs(t, ids)) == 0 {
			return fmt.Errorf("--sample-id %s: no id for task %s (ids without a task: prefix apply to every task)",
				strings.Join(ids, ","), t)
		}
	}
	return nil
}
