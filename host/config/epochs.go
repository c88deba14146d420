package config

import (
	"fmt"
	"regexp"
	"strconv"

	"github.com/hashicorp/hcl/v2"
)

// Epochs is an `epochs { count, reducers }` block (SPEC §10).
type Epochs struct {
	// Count is how many times each sample runs (default 1).
	Count int64 `json:"count"`
	// Reducers combine a sample's epoch scores, default ["mean"]: mean,
	// median, mode, max, pass_at_K, at_least_K, best_at_K (K ≤ Count).
	Reducers []string `json:"reducers"`
	// DefRange is the block header (zero when the block is absent).
	DefRange hcl.Range `json:"-"`
}

var epochsSchema = &hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "count"}, {Name: "reducers"}}}

// reducerRE matches the reducer names; group 1 is K for the parametrised ones.
var reducerRE = regexp.MustCompile(`^(?:mean|median|mode|max|(?:pass_at|at_least|best_at)_([1-9][0-9]*))$`)

// epochs decodes the epochs block b (nil when absent: the defaults).
func (d *decoder) epochs(b *hcl.Block) Epochs {
	e := Epochs{Count: 1, Reducers: []string{"mean"}}
	if b == nil {
		return e
	}
	e.DefRange = b.DefRange
	c := d.content(b.Body, epochsSchema)
	if n, ok := d.whole(c.Attributes["count"], 1); ok {
		e.Count = n
	}
	a := c.Attributes["reducers"]
	if rs, ok := d.strList(a); ok {
		if len(rs) == 0 {
			d.report(errorAt(a.Expr.Range(), "No reducers", `Give at least one reducer, e.g. ["mean"].`))
		}
		d.checkReducers(rs, e.Count, a.Expr.Range())
		e.Reducers = rs
	}
	return e
}

// checkReducers reports unknown reducers and a K above the epoch count.
func (d *decoder) checkReducers(rs []string, count int64, r hcl.Range) {
	for _, name := range rs {
		m := reducerRE.FindStringSubmatch(name)
		if m == nil {
			d.report(errorf(r, fmt.Sprintf("Unknown reducer %q", name),
				"Reducers are mean, median, mode, max, pass_at_K, at_least_K and best_at_K (K a whole number ≥ 1)."))
			continue
		}
		if k, _ := strconv.ParseInt(m[1], 10, 64); k > count {
			d.report(errorf(r, fmt.Sprintf("Reducer %q needs more epochs", name),
				"%s looks at %d epochs, but epochs.count is %d.", name, k, count))
		}
	}
}
