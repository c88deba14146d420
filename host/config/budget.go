package config

import (
	"cmp"
	"fmt"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

// Budget defaults (SPEC §6).
const (
	DefaultReserve = 0.05
	DefaultGrace   = 120 * time.Second
)

// Split modes of a budget.
const (
	SplitPool    = "pool"
	SplitEqual   = "equal"
	SplitWeights = "weights"
)

// Budget is a swarm's `budget` block with defaults applied (also when the
// block is absent). A nil cap is derived at run time from the task's limit:
// cap = limit·(1 − Reserve) − used so far (SPEC §6).
type Budget struct {
	Tokens *int64 `json:"tokens,omitempty"`
	// TokensMetering is what Tokens meters when written as a string (see
	// Limits.TokensMetering); TokensText is that string, as written.
	TokensMetering string         `json:"tokens_metering,omitempty"`
	TokensText     string         `json:"tokens_text,omitempty"`
	Cost           *float64       `json:"cost,omitempty"` // US dollars
	Time           *time.Duration `json:"time,omitempty"`
	// Reserve is the fraction of a task limit kept back when deriving a
	// cap, in [0, 1); default 0.05.
	Reserve float64 `json:"reserve"`
	Split   Split   `json:"split"`
	// Grace is how long a soft stop waits before cancelling (default 120s).
	Grace time.Duration `json:"grace"`
	// DefRange is the block (the swarm's header when absent); Ranges
	// holds each attribute's expression range, by name, when it is set.
	DefRange hcl.Range            `json:"-"`
	Ranges   map[string]hcl.Range `json:"-"`
}

// Split says how a budget is shared: Mode SplitPool (default), SplitEqual,
// or SplitWeights with one non-negative weight per roster entry, in roster
// order (written `split = [2, 1, 1]`).
type Split struct {
	Mode    string    `json:"mode"`
	Weights []float64 `json:"weights,omitempty"`
}

var budgetSchema = &hcl.BodySchema{Attributes: []hcl.AttributeSchema{
	{Name: "tokens"}, {Name: "cost"}, {Name: "time"}, {Name: "reserve"}, {Name: "split"}, {Name: "grace"},
}}

// budget decodes the budget block b (nil when absent) for a roster of
// rosterSize entries (-1: unknown, skip the weights check).
func (d *decoder) budget(b *hcl.Block, rosterSize int) Budget {
	bg := Budget{Reserve: DefaultReserve, Split: Split{Mode: SplitPool}, Grace: DefaultGrace}
	if b == nil {
		return bg
	}
	bg.DefRange = b.DefRange
	c := d.content(b.Body, budgetSchema)
	bg.Ranges = map[string]hcl.Range{}
	for name, a := range c.Attributes {
		bg.Ranges[name] = a.Expr.Range()
	}
	bg.Tokens, bg.TokensMetering, bg.TokensText = d.tokenLimit(c.Attributes["tokens"])
	if f, ok := d.positive(c.Attributes["cost"]); ok {
		bg.Cost = &f
	}
	if t, ok := d.duration(c.Attributes["time"], time.Millisecond); ok {
		bg.Time = &t
	}
	if r, ok := d.number(c.Attributes["reserve"], 0); ok {
		bg.Reserve = d.reserve(r, c.Attributes["reserve"])
	}
	if g, ok := d.duration(c.Attributes["grace"], 0); ok {
		bg.Grace = g
	}
	if a := c.Attributes["split"]; a != nil {
		bg.Split = d.split(a, rosterSize)
	}
	return bg
}

// reserve checks that r < 1.
func (d *decoder) reserve(r float64, a *hcl.Attribute) float64 {
	if r >= 1 {
		d.report(errorf(a.Expr.Range(), `Invalid value for "reserve"`, "reserve is a fraction of the task's limit and must be below 1; got %g.", r))
		return DefaultReserve
	}
	return r
}

// split decodes "pool", "equal" or a list of weights.
func (d *decoder) split(a *hcl.Attribute, rosterSize int) Split {
	v, ok := d.value(a, cty.DynamicPseudoType)
	if !ok {
		return Split{Mode: SplitPool}
	}
	if v.Type() == cty.String {
		mode, _ := d.enum(a, SplitPool, SplitEqual)
		return Split{Mode: cmp.Or(mode, SplitPool)}
	}
	weights, ok := d.weights(a, v)
	if ok && rosterSize >= 0 && len(weights) != rosterSize {
		d.report(errorf(a.Expr.Range(), "Wrong number of split weights",
			"split has %d weights but the roster has %d members; give one weight per member, in roster order.", len(weights), rosterSize))
	}
	return Split{Mode: SplitWeights, Weights: weights}
}

// weights converts v to non-negative weights with a positive sum.
func (d *decoder) weights(a *hcl.Attribute, v cty.Value) ([]float64, bool) {
	bad := func(why string) ([]float64, bool) {
		d.report(errorAt(a.Expr.Range(), `Invalid value for "split"`, why))
		return nil, false
	}
	if !v.Type().IsListType() && !v.Type().IsTupleType() {
		return bad(`split must be "pool", "equal" or a list of weights, one per member.`)
	}
	var out []float64
	sum := 0.0
	for _, x := range v.AsValueSlice() {
		if x.IsNull() || x.Type() != cty.Number {
			return bad("Every split weight must be a number.")
		}
		f, _ := x.AsBigFloat().Float64()
		if f < 0 {
			return bad(fmt.Sprintf("Split weights must not be negative; got %g.", f))
		}
		out, sum = append(out, f), sum+f
	}
	if sum <= 0 {
		return bad("At least one split weight must be positive.")
	}
	return out, true
}
