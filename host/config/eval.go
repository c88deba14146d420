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
			e.Task = d.reference(a, "task", d.p.defs.tasks)
		}
		if a := c.Attributes["swarm"]; a != nil {
			e.SwarmRange = a.Expr.Range()
			e.Swarm = d.reference(a, "swarm", d.p.defs.swarms)
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
	d.checkSplit(e, t, s)
	d.checkCapsBelowLimits(t, s)
}

// checkSplit refuses a split budget with nothing to split, as Inspect
// Swarm does: a split divides the token and cost caps, so it needs one of
// them, set in the budget or derived from the task's limit.
func (d *decoder) checkSplit(e *Eval, t *Task, s *Swarm) {
	b := s.Budget
	if b.Split.Mode == SplitPool || b.Tokens != nil || b.Cost != nil || t.Limits.Tokens != nil || t.Limits.Cost != nil {
		return
	}
	r, ok := b.Ranges["split"]
	if !ok {
		r = b.DefRange
	}
	d.report(errorf(r, "Split budget without a cap",
		"Eval %q splits swarm %q's budget (split = %s), but there is no token or cost cap to split: set budget.tokens or budget.cost, "+
			"or a tokens or cost limit on task %q, or use split = \"pool\".", e.Name, s.Name, b.Split.Mode, t.Name))
}

// orDefault is s, or def when s is "".
func orDefault(s, def string) string {
	if s != "" {
		return s
	}
	return def
}

// checkCapsBelowLimits warns, as Inspect Swarm does, of an explicit cap
// above the task's limit of the same kind (the swarm runs first, so the
// limit is what remains): the sample's limit then ends the swarm first,
// without a final step.
func (d *decoder) checkCapsBelowLimits(t *Task, s *Swarm) {
	b, l := s.Budget, t.Limits
	warn := func(kind, cap, limit string) {
		d.report(&hcl.Diagnostic{Severity: hcl.DiagWarning, Subject: ptrRange(b.Ranges[kind]),
			Summary: fmt.Sprintf("Swarm %s cap above the task's %s limit", kind, kind),
			Detail: fmt.Sprintf("budget.%s (%s) is above task %q's %s limit (%s): the sample's limit will end the swarm first, "+
				"without a final step (no answer message). Lower the cap or leave it out to derive it from the limit.",
				kind, cap, t.Name, kind, limit)})
	}
	// as Inspect Swarm, only when both meter the same tokens
	sameMetering := orDefault(b.TokensMetering, t.Limits.TokenMetering) == orDefault(l.TokensMetering, t.Limits.TokenMetering)
	if b.Tokens != nil && l.Tokens != nil && sameMetering && *b.Tokens > *l.Tokens {
		warn("tokens", fmt.Sprint(*b.Tokens), fmt.Sprint(*l.Tokens))
	}
	if b.Cost != nil && l.Cost != nil && *b.Cost > *l.Cost {
		warn("cost", fmt.Sprint(*b.Cost), fmt.Sprint(*l.Cost))
	}
	if b.Time != nil && l.Time != nil && *b.Time > *l.Time {
		warn("time", b.Time.String(), l.Time.String())
	}
}

func ptrRange(r hcl.Range) *hcl.Range { return &r }

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
