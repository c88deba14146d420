package config

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/hcldec"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/swarmhost/swarmhost/sdk/schema"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

// SpecFromSchema converts a plugin's declared schema to the hcldec spec its
// block is decoded with: attributes become AttrSpecs typed by their type
// constraint ("" = any); single nested blocks become BlockSpecs (required
// when MinItems > 0) and list blocks BlockListSpecs with their bounds.
// Defaults are not in the spec: the decoded value is completed with
// [schema.Schema.Complete], the function the SDK's test harnesses use too
// (see [completeConfig]); a Default must already be a value of its
// attribute's type. The error names the first bad element; it is the
// plugin author's bug, not the user's.
func SpecFromSchema(s schema.Schema) (hcldec.ObjectSpec, error) {
	spec := hcldec.ObjectSpec{}
	for _, a := range s.Attributes {
		if _, dup := spec[a.Name]; dup || a.Name == "" {
			return nil, fmt.Errorf("attribute %q: empty or duplicate name", a.Name)
		}
		as, err := attrSpec(a)
		if err != nil {
			return nil, fmt.Errorf("attribute %q: %w", a.Name, err)
		}
		spec[a.Name] = as
	}
	for _, b := range s.Blocks {
		if _, dup := spec[b.Name]; dup || b.Name == "" {
			return nil, fmt.Errorf("block %q: empty name, or the name of another attribute or block", b.Name)
		}
		bs, err := blockSpec(b)
		if err != nil {
			return nil, fmt.Errorf("block %q: %w", b.Name, err)
		}
		spec[b.Name] = bs
	}
	return spec, nil
}

// attrSpec converts one attribute.
func attrSpec(a schema.Attribute) (hcldec.Spec, error) {
	ty, err := parseType(a.Type)
	if err != nil {
		return nil, err
	}
	if !a.Required && a.Default != nil {
		if err := checkDefault(a.Default, ty); err != nil {
			return nil, err
		}
	}
	return &hcldec.AttrSpec{Name: a.Name, Type: ty, Required: a.Required}, nil
}

// blockSpec converts one nested block.
func blockSpec(b schema.Block) (hcldec.Spec, error) {
	nested, err := SpecFromSchema(b.Body)
	if err != nil {
		return nil, err
	}
	switch b.Nesting {
	case schema.NestingSingle:
		return &hcldec.BlockSpec{TypeName: b.Name, Nested: nested, Required: b.MinItems > 0}, nil
	case schema.NestingList:
		return &hcldec.BlockListSpec{TypeName: b.Name, Nested: nested, MinItems: b.MinItems, MaxItems: b.MaxItems}, nil
	}
	return nil, fmt.Errorf("unknown nesting %d", b.Nesting)
}

// parseType parses an HCL type constraint; "" means any.
func parseType(s string) (cty.Type, error) {
	if s == "" {
		return cty.DynamicPseudoType, nil
	}
	expr, diags := hclsyntax.ParseExpression([]byte(s), "<type>", hcl.InitialPos)
	if !diags.HasErrors() {
		var ty cty.Type
		if ty, diags = typeexpr.TypeConstraint(expr); !diags.HasErrors() {
			return ty, nil
		}
	}
	return cty.NilType, fmt.Errorf("type %q: %s", s, strings.TrimSuffix(diags[0].Detail, "."))
}

// checkDefault checks that a Go default (nil, string, number, bool, []any,
// map[string]any) is a value of type ty as it is: converted to ty through
// JSON, it reads back the same. Completion copies the default into the
// config unconverted, so a default of another type (3 for a string) would
// reach the plugin as the wrong type.
func checkDefault(def any, ty cty.Type) error {
	raw, err := json.Marshal(def)
	if err != nil {
		return fmt.Errorf("default: %w", err)
	}
	implied, err := ctyjson.ImpliedType(raw)
	if err != nil {
		return fmt.Errorf("default: %w", err)
	}
	v, err := ctyjson.Unmarshal(raw, implied)
	if err != nil {
		return fmt.Errorf("default: %w", err)
	}
	if v, err = convert.Convert(v, ty); err != nil {
		return fmt.Errorf("default %s does not fit the type: %w", raw, err)
	}
	back, err := toJSON(v)
	if err != nil {
		return fmt.Errorf("default: %w", err)
	}
	if !sameJSON(raw, back) {
		return fmt.Errorf("default %s is not of its type; write it as %s", raw, back)
	}
	return nil
}

// sameJSON reports whether two JSON documents hold the same value.
func sameJSON(a, b []byte) bool {
	var va, vb any
	if json.Unmarshal(a, &va) != nil || json.Unmarshal(b, &vb) != nil {
		return false
	}
	return reflect.DeepEqual(va, vb)
}

// completeConfig completes a decoded block's JSON with the schema's
// defaults, through the SDK's own [schema.Schema.Complete].
func completeConfig(s schema.Schema, raw json.RawMessage) (json.RawMessage, error) {
	c, err := s.Complete(schema.NewConfig(raw))
	if err != nil {
		return nil, err
	}
	return c.JSON(), nil
}
