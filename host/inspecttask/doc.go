// Package inspecttask runs Inspect tasks, unchanged, as swarmhost tasks:
// a task block with `inspect = "…"` (or the command line's
// `swarmhost run inspect_evals/NAME --swarm suite.hcl:SWARM`) names an
// Inspect task, and the Inspect task plugin (plugins-python/inspect-task,
// plugin kind "task") loads it in Python and answers for it.
//
// Lifecycle, in order:
//
//  1. [Describe] asks the task plugin to load the task and describe it: the
//     log header's task fields as Inspect writes them, the solver split
//     into setup steps and the agent step, the scorers' log names, epochs
//     and reducers, limits, GenerateConfig and sandbox. A task that cannot
//     be loaded is a diagnostic at the task's inspect attribute.
//  2. [Compile] fills the host's config.Task from the description: one
//     scorer "task" per Inspect scorer, the epochs, the limits Inspect
//     enforces per sample, and the sandbox through the project's providers
//     (a type without a provider is an error before any sample runs).
//  3. host/eval streams the dataset ([Row] converts each row), runs the
//     setup steps per sample × epoch before the swarm (its input is the
//     conversation they leave), scores with the task's own scorers, ends
//     each sample (its Inspect store goes into the log) and asks the task
//     for its metrics and reductions ([Results]), which are Inspect's own.
//
// Decisions (docs/design: "Inspect tasks"): the task's Python code runs in
// one task plugin process that also serves the task's solver as the agent
// "solver" and its scorers as the scorer "task", so per-sample state (the
// store, the tools the setup made) lives where Inspect keeps it; metrics and
// reducers are computed by Inspect's eval_results in that process, so custom
// @metric functions, dict metrics and metrics= dictionaries give Inspect's
// numbers; setup steps may not call the model (all spending is the swarm's).
package inspecttask
