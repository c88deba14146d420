package config

import (
	"regexp"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/swarmhost/swarmhost/host/internal/suggest"
)

var (
	// unsupportedRE and unknownRE read the name out of HCL's own
	// diagnostics for var.NAME / local.NAME and for an unknown root.
	unsupportedRE = regexp.MustCompile(`does not have an attribute named "([^"]+)"`)
	unknownRE     = regexp.MustCompile(`There is no variable named "([^"]+)"`)
)

// withSuggestions adds "Did you mean" to HCL's diagnostics about unknown
// names in expressions: an undeclared var.NAME or local.NAME (suggesting
// a declared one) and an unknown root such as vars.x (suggesting var or
// local). It changes diags in place and returns them.
func withSuggestions(diags hcl.Diagnostics) hcl.Diagnostics {
	for _, d := range diags {
		if d.EvalContext == nil || d.Expression == nil || strings.Contains(d.Detail, "Did you mean") {
			continue
		}
		switch d.Summary {
		case "Unsupported attribute":
			d.Detail += attributeSuggestion(d)
		case "Unknown variable":
			if m := unknownRE.FindStringSubmatch(d.Detail); m != nil {
				d.Detail += suggest.DidYouMean(m[1], ctxNames(d.EvalContext))
			}
		}
	}
	return diags
}

// attributeSuggestion suggests a declared name for var.NAME or local.NAME.
func attributeSuggestion(d *hcl.Diagnostic) string {
	m := unsupportedRE.FindStringSubmatch(d.Detail)
	if m == nil {
		return ""
	}
	for _, root := range []string{"var", "local"} {
		if !refersTo(d.Expression, root, m[1]) {
			continue
		}
		v, ok := ctxValue(d.EvalContext, root)
		if ok && v.Type().IsObjectType() {
			return suggest.DidYouMean(m[1], attrNames(v.Type()))
		}
	}
	return ""
}

// refersTo reports whether expr reads root.name.
func refersTo(expr hcl.Expression, root, name string) bool {
	for _, t := range expr.Variables() {
		if t.RootName() != root || len(t) < 2 {
			continue
		}
		if a, ok := t[1].(hcl.TraverseAttr); ok && a.Name == name {
			return true
		}
	}
	return false
}

// ctxValue finds a variable in ctx or its parents.
func ctxValue(ctx *hcl.EvalContext, name string) (cty.Value, bool) {
	for ; ctx != nil; ctx = ctx.Parent() {
		if v, ok := ctx.Variables[name]; ok {
			return v, true
		}
	}
	return cty.NilVal, false
}

// ctxNames lists the variables of ctx and its parents.
func ctxNames(ctx *hcl.EvalContext) []string {
	var names []string
	for ; ctx != nil; ctx = ctx.Parent() {
		for n := range ctx.Variables {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

// attrNames lists an object type's attributes, sorted.
func attrNames(t cty.Type) []string {
	var names []string
	for n := range t.AttributeTypes() {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
