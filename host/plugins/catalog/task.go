package catalog

import (
	"context"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/plugins"
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
// names the task plugin serves. It runs one process, never a pool of
// workers: the sample's state its setup steps made (the task's tools, the
// sample's store) lives in that process, where its solver members and
// its scorers must find it.
func (c *Catalog) servedBinary(kind, name string, task config.PluginRef) (plugins.Binary, error) {
	b, err := c.Binary(task.Kind, task.Name)
	if err != nil {
		return b, err
	}
	b.Kind, b.Name, b.Workers = kind, name, 1
	return b, nil
}

// Task implements eval.TaskPlugins: the named task plugin's client.
func (c *Catalog) Task(ctx context.Context, name string) (plugins.TaskClient, error) {
	b, err := c.Binary(config.KindTask, name)
	if err != nil {
		return nil, err
	}
	return c.mgr.Task(ctx, b)
}
