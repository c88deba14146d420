package config

import (
	"fmt"
	"math"

	"github.com/hashicorp/hcl/v2"
)

var evalSchema = &hcl.BodySchema{Attributes: []hcl.AttributeSchema{
	{Name: "task", Required: true}, {Name: "swarm", Required: true},
}}

// evals decodes the eval blocks into d.suite.Evals; a suite without one is
// an error.
func (d *decoder) evals(blocks []*hcl.Block) {
	d.suite.Evals = []*Eval{}
	if len(blocks) == 0 {
		d.report(errorAt(d.p.defs.start, "No eval blocks",
			`The suite defines nothing to run: add eval "NAME" { task = task.X, swarm = swarm.Y }.`))
	}
	for _, b := range blocks {
		e := &Eval{Name: b.Labels[0], DefRange: b.DefRange}
		c := d.content(d.expand(b), evalSchema)
		if a := c.Attributes["task"]; a != nil {
			e.TaskRange = a.Expr.Range()
			e.Task = d.reference(a, "task", hasBlock(d.p.defs.tasks))
		}
		if a := c.Attributes["swarm"]; a != nil {
			e.SwarmRange = a.Expr.Range()
			e.Swarm = d.reference(a, "swarm", hasBlock(d.p.defs.swarms))
		}
		d.suite.Evals = append(d.suite.Evals, e)
		d.checkPairing(e)
	}
}

// checkPairing checks what depends on both the task and the swarm: cost
// limits need priced models, and a derived token cap must be positive.
func (d *decoder) checkPairing(e *Eval) {
	t, s := d.suite.Tasks[e.Task], d.suite.Swarms[e.Swarm]
	if t == nil || s == nil {
		return
	}
	d.checkSandboxes(t, s)
	if t.Limits.Cost != nil || s.Budget.Cost != nil || anyMemberCost(s) {
		d.checkPriced(e, s)
	}
	if s.Budget.Tokens == nil && t.Limits.Tokens != nil {
		derived := math.Floor(float64(*t.Limits.Tokens) * (1 - s.Budget.Reserve))
		if derived <= 0 {
			d.report(errorf(t.Limits.Ranges["tokens"], "Derived token cap is not positive",
				"Swarm %q derives its token cap from this limit: %d × (1 − reserve %g) leaves %g tokens. Raise the limit or set budget.tokens.",
				s.Name, *t.Limits.Tokens, s.Budget.Reserve, derived))
		}
	}
}

// anyMemberCost reports whether a member has a cost limit.
func anyMemberCost(s *Swarm) bool {
	for _, m := range s.Members {
		if m.Limits.Cost != nil {
			return true
		}
	}
	return false
}

// checkPriced reports members whose model has no price when cost is limited.
func (d *decoder) checkPriced(e *Eval, s *Swarm) {
	for _, m := range s.Members {
		model := d.suite.Models[m.Model]
		if model == nil || model.Price != nil {
			continue
		}
		d.report(errorf(m.ModelRange, fmt.Sprintf("Model %q has no price", model.Name),
			"Eval %q limits cost, so every member's model needs price { input, output } (dollars per million tokens).", e.Name))
	}
}
