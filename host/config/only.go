package config

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/swarmhost/swarmhost/host/internal/suggest"
)

// Only narrows a parsed suite to the named evals before [Parsed.Decode]:
// their eval blocks and the task and swarm blocks they refer to stay, the
// other evals, tasks and swarms are left out, so Decode (and
// [Parsed.PluginRefs]) neither decodes them nor asks for their plugins. A
// `run --eval NAME` then starts only the plugins that eval uses, and a
// broken plugin of another eval does not stop it. Models stay: they name
// no plugin. A name that is no eval is an error naming the evals; nil or
// empty names keep everything.
func (p *Parsed) Only(names []string) error {
	if len(names) == 0 {
		return nil
	}
	all := blockNames(p.defs.evals)
	for _, n := range names {
		if !slices.Contains(all, n) {
			return fmt.Errorf("no eval named %q in the suite (its evals: %s).%s", n, strings.Join(all, ", "),
				suggest.DidYouMean(n, all))
		}
	}
	keep := map[string][]string{}
	p.defs.evals = slices.DeleteFunc(p.defs.evals, func(b *hcl.Block) bool { return !slices.Contains(names, b.Labels[0]) })
	for _, b := range p.defs.evals {
		c, _, _ := b.Body.PartialContent(evalSchema)
		for _, kind := range []string{"task", "swarm"} {
			keep[kind] = append(keep[kind], referencedName(c.Attributes[kind], kind))
		}
	}
	p.defs.tasks = keepNamed(p.defs.tasks, keep["task"])
	p.defs.swarms = keepNamed(p.defs.swarms, keep["swarm"])
	return nil
}

// referencedName is NAME of an attribute written kind.NAME, or "".
func referencedName(a *hcl.Attribute, kind string) string {
	if a == nil {
		return ""
	}
	t, diags := hcl.AbsTraversalForExpr(a.Expr)
	if diags.HasErrors() || len(t) != 2 || t.RootName() != kind {
		return ""
	}
	if step, ok := t[1].(hcl.TraverseAttr); ok {
		return step.Name
	}
	return ""
}

// keepNamed keeps the definitions whose name is in names.
func keepNamed(blocks []*hcl.Block, names []string) []*hcl.Block {
	return slices.DeleteFunc(slices.Clone(blocks), func(b *hcl.Block) bool { return !slices.Contains(names, b.Labels[0]) })
}
