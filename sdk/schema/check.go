package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"reflect"
	"sort"
)

// Check reports the first problem for which the host refuses the schema
// when it loads the plugin: an empty or repeated name (an attribute's, or
// a block's, also against the attributes), a Type that is no HCL type
// constraint ("nubmer", "list(strin)"), a Default that is not a value of
// its attribute's type as written (3 for a "string": write "3"), or an
// unknown Nesting. It checks nested blocks' bodies too.
//
// The host converts the schema with HCL's own type parser and conversion;
// Check is the same rules without HCL (the host's tests hold both to one
// table, sdk/schema/testdata/check.json), stricter in one corner: a default
// for a collection type with "any" in it (list(any), map(list(any))) must
// have elements of one JSON type, where HCL would unify some of them.
// Package sdktest calls it for the plugin under test, so a test fails on a
// schema the host would refuse.
func (s Schema) Check() error {
	names := map[string]bool{}
	for _, a := range s.Attributes {
		if a.Name == "" || names[a.Name] {
			return fmt.Errorf("attribute %q: empty or duplicate name", a.Name)
		}
		names[a.Name] = true
		if err := a.check(); err != nil {
			return fmt.Errorf("attribute %q: %w", a.Name, err)
		}
	}
	for _, b := range s.Blocks {
		if b.Name == "" || names[b.Name] {
			return fmt.Errorf("block %q: empty name, or the name of another attribute or block", b.Name)
		}
		names[b.Name] = true
		if err := b.Body.Check(); err != nil {
			return fmt.Errorf("block %q: %w", b.Name, err)
		}
		if b.Nesting != NestingSingle && b.Nesting != NestingList {
			return fmt.Errorf("block %q: unknown nesting %d", b.Name, b.Nesting)
		}
	}
	return nil
}

// check checks one attribute's type and default.
func (a Attribute) check() error {
	ty, err := parseType(a.Type)
	if err != nil {
		return fmt.Errorf("type %q: %w", a.Type, err)
	}
	if a.Required || a.Default == nil {
		return nil
	}
	raw, err := json.Marshal(a.Default)
	if err != nil {
		return fmt.Errorf("default: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return fmt.Errorf("default: %w", err)
	}
	return checkDefault(raw, v, ty)
}

// checkDefault checks a default (raw as JSON, v decoded with json.Number)
// against ty the way the host does: converted to the type, it must read
// back as the same value, since completion copies it into the config
// unconverted.
func checkDefault(raw []byte, v any, ty hclType) error {
	back, err := convertTo(v, ty)
	if err != nil {
		return fmt.Errorf("default %s does not fit the type: %w", raw, err)
	}
	if !reflect.DeepEqual(normal(v), normal(back)) {
		b, _ := json.Marshal(back)
		return fmt.Errorf("default %s is not of its type; write it as %s", raw, b)
	}
	return nil
}

// convertTo converts a JSON value to ty as the host's HCL library does, or
// says why it cannot.
func convertTo(v any, ty hclType) (any, error) {
	if v == nil || ty.kind == typeAny {
		return v, nil
	}
	switch ty.kind {
	case typeString, typeNumber, typeBool:
		return convertPrimitive(v, ty.kind)
	case typeList, typeSet:
		return convertSequence(v, ty)
	case typeMap:
		return convertMap(v, ty)
	case typeObject:
		return convertObject(v, ty)
	}
	return convertTuple(v, ty)
}

// convertPrimitive converts to string, number or bool: strings, numbers
// and bools convert to a string; a string that reads as one converts to a
// number or a bool.
func convertPrimitive(v any, kind typeKind) (any, error) {
	switch kind {
	case typeString:
		switch x := v.(type) {
		case string:
			return x, nil
		case json.Number:
			return x.String(), nil
		case bool:
			return fmt.Sprint(x), nil
		}
		return nil, fmt.Errorf("string required")
	case typeNumber:
		switch x := v.(type) {
		case json.Number:
			return x, nil
		case string:
			if _, ok := new(big.Float).SetString(x); ok {
				return json.Number(x), nil
			}
			return nil, fmt.Errorf("a number is required")
		}
		return nil, fmt.Errorf("number required")
	}
	switch x := v.(type) {
	case bool:
		return x, nil
	case string:
		if x == "true" || x == "false" {
			return x == "true", nil
		}
		return nil, fmt.Errorf("a bool is required")
	}
	return nil, fmt.Errorf("bool required")
}

// convertSequence converts an array to a list or set of ty.elem: each
// element converted, elements of an "any" list unified to one type, and a
// set's elements deduplicated in the order HCL keeps them.
func convertSequence(v any, ty hclType) (any, error) {
	items, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("%s required", map[typeKind]string{typeList: "list", typeSet: "set"}[ty.kind])
	}
	out, err := convertElems(items, *ty.elem)
	if err != nil || ty.kind == typeList {
		return out, err
	}
	return setOrder(out), nil
}

// convertElems converts each element to elem. When elem has "any" in it,
// elements of different JSON types are refused: HCL first unifies them to
// one type, by rules (objects as maps, arrays of several lengths as lists,
// numbers as strings) that Check does not follow, so it is stricter there
// than the host.
func convertElems(items []any, elem hclType) ([]any, error) {
	out := make([]any, len(items))
	var first string
	for i, item := range items {
		if elem.hasAny() && item != nil {
			sig := implied(item)
			if first == "" {
				first = sig
			} else if sig != first {
				return nil, fmt.Errorf("element %d: all elements must have the same type", i)
			}
		}
		x, err := convertTo(item, elem)
		if err != nil {
			return nil, fmt.Errorf("element %d: %w", i, err)
		}
		out[i] = x
	}
	return out, nil
}

// setOrder is a set's elements as HCL iterates them: without repeats,
// strings, numbers and bools in order, nulls last. Other elements have no
// order HCL promises: they are kept as written.
func setOrder(items []any) []any {
	var out []any
	for _, x := range items {
		if !containsValue(out, x) {
			out = append(out, x)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return lessPrimitive(out[i], out[j]) })
	return out
}

// lessPrimitive orders two set elements as HCL does.
func lessPrimitive(a, b any) bool {
	switch {
	case a == nil:
		return false
	case b == nil:
		return true
	}
	switch x := a.(type) {
	case string:
		y, ok := b.(string)
		return ok && x < y
	case bool:
		y, ok := b.(bool)
		return ok && !x && y
	case json.Number:
		y, ok := b.(json.Number)
		if !ok {
			return false
		}
		fx, _ := new(big.Float).SetString(x.String())
		fy, _ := new(big.Float).SetString(y.String())
		return fx != nil && fy != nil && fx.Cmp(fy) < 0
	}
	return false
}

// containsValue reports whether items holds a value equal to x.
func containsValue(items []any, x any) bool {
	for _, y := range items {
		if reflect.DeepEqual(normal(x), normal(y)) {
			return true
		}
	}
	return false
}

// convertMap converts an object to a map of ty.elem.
func convertMap(v any, ty hclType) (any, error) {
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("map required")
	}
	keys := sortedKeys(obj)
	items := make([]any, len(keys))
	for i, k := range keys {
		items[i] = obj[k]
	}
	conv, err := convertElems(items, *ty.elem)
	if err != nil {
		return nil, fmt.Errorf("map values: %w", err)
	}
	out := make(map[string]any, len(keys))
	for i, k := range keys {
		out[k] = conv[i]
	}
	return out, nil
}

// convertObject converts an object to an object type: a missing attribute
// is an error unless optional (it then reads back null), and attributes
// the type does not have are dropped.
func convertObject(v any, ty hclType) (any, error) {
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("object required")
	}
	out := make(map[string]any, len(ty.attrs))
	for _, name := range sortedKeys(ty.attrs) {
		x, present := obj[name]
		if !present && !ty.optional[name] {
			return nil, fmt.Errorf("attribute %q is required", name)
		}
		conv, err := convertTo(x, ty.attrs[name])
		if err != nil {
			return nil, fmt.Errorf(".%s: %w", name, err)
		}
		out[name] = conv
	}
	return out, nil
}

// convertTuple converts an array to a tuple type of as many elements.
func convertTuple(v any, ty hclType) (any, error) {
	items, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("tuple required")
	}
	if len(items) != len(ty.elems) {
		return nil, fmt.Errorf("tuple required with %d elements", len(ty.elems))
	}
	out := make([]any, len(items))
	for i, item := range items {
		x, err := convertTo(item, ty.elems[i])
		if err != nil {
			return nil, fmt.Errorf("element %d: %w", i, err)
		}
		out[i] = x
	}
	return out, nil
}

// hasAny reports whether "any" appears in t.
func (t hclType) hasAny() bool {
	switch {
	case t.kind == typeAny:
		return true
	case t.elem != nil:
		return t.elem.hasAny()
	}
	for _, a := range t.attrs {
		if a.hasAny() {
			return true
		}
	}
	for _, e := range t.elems {
		if e.hasAny() {
			return true
		}
	}
	return false
}

// implied is a JSON value's type as HCL infers it, as a string: objects by
// their attributes' types, arrays as tuples of their elements' types.
func implied(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return "string"
	case bool:
		return "bool"
	case json.Number:
		return "number"
	case []any:
		s := "["
		for _, item := range x {
			s += implied(item) + ","
		}
		return s + "]"
	case map[string]any:
		s := "{"
		for _, k := range sortedKeys(x) {
			s += k + ":" + implied(x[k]) + ","
		}
		return s + "}"
	}
	return fmt.Sprintf("%T", v)
}

// number is a JSON number in a form to compare by value.
type number struct{ text string }

// normal makes numbers comparable whatever their spelling (1 and 1.0).
func normal(v any) any {
	switch x := v.(type) {
	case json.Number:
		if f, _ := new(big.Float).SetString(x.String()); f != nil {
			return number{f.Text('g', -1)}
		}
		return number{x.String()}
	case []any:
		out := make([]any, len(x))
		for i, item := range x {
			out[i] = normal(item)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, item := range x {
			out[k] = normal(item)
		}
		return out
	}
	return v
}

// sortedKeys are a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
