package config

import (
	"slices"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/swarmhost/swarmhost/host/scoring"
)

// keepKeyOrder puts the per-key metrics of a scorer's `metrics` in the
// order the suite writes the keys: HCL gives an object's attributes
// sorted, and Inspect reports a metrics dictionary's keys in declared order
// (the first is the headline). expr is the `metrics` expression: an object
// literal, or a list literal whose object items are reordered each.
func keepKeyOrder(set *scoring.MetricSet, expr hcl.Expression) {
	switch e := expr.(type) {
	case *hclsyntax.ObjectConsExpr:
		reorderKeys(set.Dict, objectKeys(e))
	case *hclsyntax.TupleConsExpr:
		for i, item := range set.Items {
			if i >= len(e.Exprs) {
				break
			}
			if o, ok := e.Exprs[i].(*hclsyntax.ObjectConsExpr); ok && item.Metric == nil {
				reorderKeys(item.Keys, objectKeys(o))
			}
		}
	}
}

// objectKeys are an object literal's keys in source order ("" for a key
// that is not a constant string).
func objectKeys(o *hclsyntax.ObjectConsExpr) []string {
	keys := make([]string, len(o.Items))
	for i, item := range o.Items {
		if v, diags := item.KeyExpr.Value(nil); !diags.HasErrors() && v.Type() == cty.String && v.IsKnown() && !v.IsNull() {
			keys[i] = v.AsString()
		}
	}
	return keys
}

// reorderKeys sorts keys by their index in order (unknown ones last, as
// they were).
func reorderKeys(keys []scoring.KeyMetrics, order []string) {
	slices.SortStableFunc(keys, func(a, b scoring.KeyMetrics) int {
		return rank(order, a.Key) - rank(order, b.Key)
	})
}

func rank(order []string, key string) int {
	if i := slices.Index(order, key); i >= 0 {
		return i
	}
	return len(order)
}
