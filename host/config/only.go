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
// no plugin. A study that names one of the evals keeps its other arms'
// evals too, so that each still knows it is an arm (they are decoded, not
// run); other studies are left out. A name that is no eval is an error
// naming the evals; nil or empty names keep everything.
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
	names = p.withStudyArms(names)
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

// withStudyArms adds to names the evals of every study that names one of
// them as an arm, and keeps only those studies.
func (p *Parsed) withStudyArms(names []string) []string {
	out := slices.Clone(names)
	p.defs.studies = slices.DeleteFunc(p.defs.studies, func(b *hcl.Block) bool {
		arms := studyEvals(b)
		if !slices.ContainsFunc(arms, func(e string) bool { return slices.Contains(names, e) }) {
			return true
		}
		for _, e := range arms {
			if e != "" && !slices.Contains(out, e) {
				out = append(out, e)
			}
		}
		return false
	})
	return out
}

// studyEvals are the evals a study block's arms name ("" for a bad
// reference).
func studyEvals(b *hcl.Block) []string {
	c, _, _ := b.Body.PartialContent(studySchema)
	var out []string
	for _, arm := range ofType(c.Blocks, "arm") {
		ac, _, _ := arm.Body.PartialContent(armSchema)
		out = append(out, referencedName(ac.Attributes["eval"], "eval"))
	}
	return out
}
