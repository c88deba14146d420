package config

import (
	"cmp"
	"slices"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/dynblock"
)

// PluginRef names one plugin: its kind (KindAgent, KindController,
// KindScorer, KindTask) and name.
type PluginRef struct {
	Kind string `json:"kind"`
	Name string `json:"name"`
}

// DefaultController is the controller of a swarm without a controller block.
const DefaultController = "leaderless"

// PluginRefs lists, sorted and without repeats, the plugins the suite's
// definitions name — scorer, member and controller labels, `dynamic` blocks
// expanded, plus the default controller for a swarm without one — so the
// caller can start them before Decode. It reads block headers only and
// ignores errors (labels that are not plugin names are left out), which
// Decode reports. Pins of unused plugins are not listed.
func (p *Parsed) PluginRefs() []PluginRef {
	var refs []PluginRef
	for _, b := range p.defs.tasks {
		if c, _, _ := b.Body.PartialContent(taskSchema); c.Attributes["inspect"] != nil {
			refs = append(refs, PluginRef{KindTask, InspectPlugin})
		}
		for _, s := range headers(b, p.ctx, taskSchema, "scorer") {
			refs = append(refs, PluginRef{KindScorer, s.Labels[0]})
		}
	}
	for _, b := range p.defs.swarms {
		for _, m := range headers(b, p.ctx, swarmSchema, "member") {
			refs = append(refs, PluginRef{KindAgent, m.Labels[0]})
		}
		ctrl := headers(b, p.ctx, swarmSchema, "controller")
		name := DefaultController
		if len(ctrl) > 0 {
			name = ctrl[0].Labels[0]
		}
		refs = append(refs, PluginRef{KindController, name})
	}
	return sortRefs(slices.DeleteFunc(refs, func(r PluginRef) bool { return !pluginNameRE.MatchString(r.Name) }))
}

// headers returns the blocks of type typ in definition b's expanded body.
func headers(b *hcl.Block, ctx *hcl.EvalContext, schema *hcl.BodySchema, typ string) []*hcl.Block {
	c, _, _ := dynblock.Expand(b.Body, ctx).PartialContent(schema)
	return ofType(c.Blocks, typ)
}

// PluginRefs lists, sorted and without repeats, every plugin the decoded
// suite uses.
func (s *Suite) PluginRefs() []PluginRef {
	var refs []PluginRef
	for _, t := range s.Tasks {
		if t.Inspect != nil {
			refs = append(refs, PluginRef{KindTask, InspectPlugin})
		}
		for _, sc := range t.Scorers {
			refs = append(refs, PluginRef{KindScorer, sc.Plugin})
		}
	}
	for _, sw := range s.Swarms {
		for _, m := range sw.Members {
			refs = append(refs, PluginRef{KindAgent, m.Plugin})
		}
		if sw.Controller != nil {
			refs = append(refs, PluginRef{KindController, sw.Controller.Plugin})
		}
	}
	return sortRefs(refs)
}

// sortRefs sorts refs by kind then name and drops repeats.
func sortRefs(refs []PluginRef) []PluginRef {
	slices.SortFunc(refs, func(a, b PluginRef) int {
		return cmp.Or(cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.Name, b.Name))
	})
	return slices.Compact(refs)
}

// LocalSandboxes reports whether a task of the suite (as narrowed by
// [Parsed.Only]) runs on the local sandbox: it has no sandbox block, or a
// sandbox "local" block. The CLI uses it before Decode to start probing the
// machine's isolation while the plugins start; a wrong answer costs only
// time, never a check.
func (p *Parsed) LocalSandboxes() bool {
	for _, b := range p.defs.tasks {
		sb := headers(b, p.ctx, taskSchema, "sandbox")
		if len(sb) == 0 || sb[0].Labels[0] == SandboxLocal {
			return true
		}
	}
	return false
}
