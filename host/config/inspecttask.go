package config

import (
	"encoding/json"

	"github.com/hashicorp/hcl/v2"

	"github.com/swarmhost/swarmhost/host/sandbox/compose"
)

// InspectPlugin is the task plugin that loads Inspect tasks (the binary
// swarmhost-task-inspect, plugins-python/inspect-task).
const InspectPlugin = "inspect"

// InspectTask is a task block's `inspect = "…"` and `args = {…}`: an
// Inspect task, unchanged, named as `inspect eval` names it (a registry
// name such as "inspect_evals/gsm8k", "file.py@task" or
// "package.module:task") with its task arguments. Its dataset, setup
// steps, scorers, metrics, epochs, limits and sandbox are the task's own;
// host/inspecttask reads them from the task plugin and fills in the Task.
type InspectTask struct {
	// Spec is the task's name as written.
	Spec string `json:"spec"`
	// Args are the task's arguments (a JSON object); CLIArgs are `-T k=v`
	// strings from the command line, parsed by Inspect's own rules and
	// applied over Args.
	Args    json.RawMessage `json:"args,omitempty"`
	CLIArgs []string        `json:"cli_args,omitempty"`
	// BaseDir is where a relative file.py resolves: the suite's directory.
	BaseDir string `json:"base_dir"`
	// ScorerModel is the model block the task's scorers' model calls go
	// to (`scorer_model = model.NAME`): Inspect's get_model() in a scorer,
	// and get_model("swarmhost/scorer") (a task argument naming the grader),
	// reach it through the host, which meters them in the sample. "" gives
	// the scorers no host model.
	ScorerModel string `json:"scorer_model,omitempty"`
	// AllowHostAccess and AllowEnv are what the task's compose file may
	// take from the host (see [Sandbox.AllowHostAccess]): the task brings
	// its sandbox, so the suite says them beside `inspect`.
	AllowHostAccess map[string]compose.Access `json:"allow_host_access,omitempty"`
	AllowEnv        []string                  `json:"allow_env,omitempty"`
	// Range is the inspect attribute, for errors about the task.
	Range hcl.Range `json:"-"`
	// Described is the task plugin's description of the task (JSON,
	// host/inspecttask.Description), set once the task is loaded.
	Described json.RawMessage `json:"described,omitempty"`
}

// Ref is the task plugin's reference to the task (its TaskRef JSON).
func (t *InspectTask) Ref() []byte {
	doc := map[string]any{"spec": t.Spec, "base_dir": t.BaseDir}
	if len(t.Args) > 0 {
		doc["args"] = t.Args
	}
	if len(t.CLIArgs) > 0 {
		doc["cli_args"] = t.CLIArgs
	}
	b, _ := json.Marshal(doc)
	return b
}

// inspectOnly are the task blocks an Inspect task brings itself. A
// `limits` block overrides the task's limits it sets, as Inspect's
// --message-limit, --token-limit and --time-limit do.
var inspectOnly = []string{"dataset", "scorer", "epochs", "sandbox"}

// inspectTask decodes a task's inspect and args attributes; nil when the
// task sets no inspect. The blocks the Inspect task brings itself are
// refused beside it.
func (d *decoder) inspectTask(c *hcl.BodyContent, task string) *InspectTask {
	a := c.Attributes["inspect"]
	if a == nil {
		for _, name := range []string{"args", "scorer_model"} {
			if x := c.Attributes[name]; x != nil {
				d.report(errorAt(x.Range, name+" without inspect", name+" applies to an Inspect task: add inspect = \"…\" naming the task."))
			}
		}
		for _, name := range trustAttrs {
			if x := c.Attributes[name]; x != nil {
				d.report(errorAt(x.Range, name+" on a task", name+" goes in the task's sandbox block, beside compose; "+
					"on the task itself it is for an Inspect task, whose sandbox comes with it."))
			}
		}
		return nil
	}
	t := &InspectTask{Range: a.Expr.Range(), BaseDir: d.p.Dir}
	t.Spec, _ = d.str(a)
	if e, ok := d.p.commandLine[task]; ok && a.Expr.Range().Filename == CommandLine {
		t.CLIArgs, t.BaseDir = e.CLIArgs, e.BaseDir
	}
	if args := c.Attributes["args"]; args != nil {
		t.Args = d.shaped(args, isObject, "an object of the task's arguments")
	}
	t.ScorerModel = d.reference(c.Attributes["scorer_model"], "model", d.p.defs.models)
	t.AllowHostAccess, t.AllowEnv, _ = d.allowances(c.Attributes)
	for _, b := range c.Blocks {
		for _, typ := range inspectOnly {
			if b.Type == typ {
				d.report(errorf(b.DefRange, "Inspect task with a "+typ+" block",
					"The Inspect task %q brings its own %s; remove this block (change the task, or its arguments in args).", t.Spec, typ))
			}
		}
	}
	return t
}
