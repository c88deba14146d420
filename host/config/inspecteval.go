package config

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// CommandLine is the pseudo-file of definitions made from the command
// line (`swarmhost run TASK --swarm SUITE:SWARM`), for diagnostics.
const CommandLine = "<command line>"

// InspectEval is the eval `swarmhost run TASK --swarm SUITE:SWARM -T k=v`
// adds to a suite: the Inspect task TASK with -T's arguments, run by the
// suite's swarm SWARM.
type InspectEval struct {
	// Spec names the Inspect task as `inspect eval` takes it.
	Spec string
	// CLIArgs are -T's name=value strings, parsed by Inspect's rules.
	CLIArgs []string
	// Swarm is the suite's swarm that runs it.
	Swarm string
	// BaseDir is where a relative file.py resolves (the working directory).
	BaseDir string
}

var nonIdent = regexp.MustCompile(`[^A-Za-z0-9_]+`)

// name is the task's (and eval's) name in the suite: the task's own
// name, made an HCL identifier ("inspect_evals/gsm8k" is gsm8k).
func (e InspectEval) name() string {
	base := e.Spec
	if i := strings.LastIndexAny(base, "/:@"); i >= 0 && i < len(base)-1 {
		base = base[i+1:]
	}
	base = strings.TrimSuffix(base, ".py")
	base = strings.Trim(nonIdent.ReplaceAllString(base, "_"), "_")
	if base == "" || !hclsyntax.ValidIdentifier(base) {
		base = "inspect_" + base
	}
	return base
}

// AddInspectEval adds e to the suite as a task and an eval named after
// the Inspect task (suffixed when the suite already has the name), as if
// the suite declared them, and returns the eval's name. Call it after
// Parse and before Decode.
func (p *Parsed) AddInspectEval(e InspectEval) (string, hcl.Diagnostics) {
	name := p.freeName(e.name())
	src := fmt.Sprintf("task %q {\n  inspect = %s\n}\neval %q {\n  task  = task.%s\n  swarm = swarm.%s\n}\n",
		name, strconv.Quote(e.Spec), name, name, e.Swarm)
	f, diags := hclsyntax.ParseConfig([]byte(src), CommandLine, hcl.InitialPos)
	if diags.HasErrors() {
		return "", diags
	}
	p.Files[CommandLine] = f
	body := f.Body.(*hclsyntax.Body)
	for _, b := range body.Blocks {
		hb := b.AsHCLBlock()
		if b.Type == "task" {
			p.defs.tasks = append(p.defs.tasks, hb)
		} else {
			p.defs.evals = append(p.defs.evals, hb)
		}
	}
	if p.commandLine == nil {
		p.commandLine = map[string]InspectEval{}
	}
	p.commandLine[name] = e
	return name, nil
}

// freeName is name, or name_2, name_3, … when the suite has a task or an
// eval called name.
func (p *Parsed) freeName(name string) string {
	taken := map[string]bool{}
	for _, b := range append(append([]*hcl.Block{}, p.defs.tasks...), p.defs.evals...) {
		taken[b.Labels[0]] = true
	}
	for i, n := 2, name; ; i++ {
		if !taken[n] {
			return n
		}
		n = fmt.Sprintf("%s_%d", name, i)
	}
}
