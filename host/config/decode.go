package config

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/dynblock"
)

// decoder holds the state of one Decode call.
type decoder struct {
	evaluator
	p     *Parsed
	src   SchemaSource
	specs map[PluginRef]*pluginSpec
	suite *Suite
}

// Decode runs phase 2: it decodes every model, task, swarm, eval and study,
// in that order, resolving references by name, expanding `dynamic` blocks and
// decoding each plugin-owned body against its plugin's schema from src
// (fetched once per plugin per call). It keeps going after errors, so the
// diagnostics list every problem; the Suite must not be run when they hold
// an error. Call it only when Parse returned no error: it tolerates phase 1
// errors (failed values are unknown and skipped) but may then miss problems.
func (p *Parsed) Decode(src SchemaSource) (*Suite, hcl.Diagnostics) {
	d := &decoder{
		evaluator: evaluator{ctx: p.ctx},
		p:         p,
		src:       src,
		specs:     map[PluginRef]*pluginSpec{},
		suite: &Suite{
			Dir: p.Dir, Files: p.Files, Plugins: p.Plugins,
			Models: map[string]*Model{}, Tasks: map[string]*Task{}, Swarms: map[string]*Swarm{},
		},
	}
	for _, b := range p.defs.models {
		d.suite.Models[b.Labels[0]] = d.model(b)
	}
	for _, b := range p.defs.tasks {
		d.suite.Tasks[b.Labels[0]] = d.task(b)
	}
	for _, b := range p.defs.swarms {
		d.suite.Swarms[b.Labels[0]] = d.swarm(b)
	}
	d.evals(p.defs.evals)
	d.studies(p.defs.studies)
	return d.suite, withSuggestions(d.diags)
}

// expand wraps a definition's body so that `dynamic` blocks anywhere inside
// it are expanded when decoded.
func (d *decoder) expand(b *hcl.Block) hcl.Body {
	return dynblock.Expand(b.Body, d.ctx)
}

// single returns the only block of type typ in blocks, reporting repeats.
func (d *decoder) single(blocks hcl.Blocks, typ string) *hcl.Block {
	var first *hcl.Block
	for _, b := range blocks {
		if b.Type != typ {
			continue
		}
		if first != nil {
			d.report(errorf(b.DefRange, "Duplicate "+typ+" block",
				"Only one %s block is allowed here; the first is at %s.", typ, first.DefRange))
			continue
		}
		first = b
	}
	return first
}

// ofType returns the blocks of type typ, in order.
func ofType(blocks hcl.Blocks, typ string) []*hcl.Block {
	var out []*hcl.Block
	for _, b := range blocks {
		if b.Type == typ {
			out = append(out, b)
		}
	}
	return out
}
