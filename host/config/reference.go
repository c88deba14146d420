package config

import (
	"fmt"
	"slices"

	"github.com/hashicorp/hcl/v2"

	"github.com/swarmhost/swarmhost/host/internal/suggest"
)

// reference resolves an expression like task.arith: a traversal of exactly
// two steps whose root is kind. It returns the name when a definition of
// that kind and name is among blocks, else reports a diagnostic
// at the expression and returns "".
func (e *evaluator) reference(a *hcl.Attribute, kind string, blocks []*hcl.Block) string {
	if a == nil {
		return ""
	}
	t, diags := hcl.AbsTraversalForExpr(a.Expr)
	if diags.HasErrors() || len(t) != 2 || t.RootName() != kind {
		e.report(errorf(a.Expr.Range(), "Invalid reference",
			"%s must refer to a %s block, like %s.NAME.", a.Name, kind, kind))
		return ""
	}
	step, ok := t[1].(hcl.TraverseAttr)
	if !ok {
		e.report(errorf(a.Expr.Range(), "Invalid reference", "Write %s.NAME, not an index.", kind))
		return ""
	}
	if names := blockNames(blocks); !slices.Contains(names, step.Name) {
		e.report(errorAt(a.Expr.Range(), fmt.Sprintf("No %s named %q", kind, step.Name),
			fmt.Sprintf("The suite has no %s %q block.%s", kind, step.Name, suggest.DidYouMean(step.Name, names))))
		return ""
	}
	return step.Name
}

// blockNames lists the names (first labels) of definitions.
func blockNames(blocks []*hcl.Block) []string {
	names := make([]string, 0, len(blocks))
	for _, b := range blocks {
		names = append(names, b.Labels[0])
	}
	return names
}
