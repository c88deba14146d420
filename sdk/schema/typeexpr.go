//lint:file-ignore ST1005 the messages are HCL typeexpr's diagnostics word for word, as the host shows them

package schema

import (
	"fmt"
	"strings"
)

// typeKind is the kind of an HCL type constraint.
type typeKind int

const (
	typeAny typeKind = iota
	typeString
	typeNumber
	typeBool
	typeList
	typeSet
	typeMap
	typeObject
	typeTuple
)

// hclType is a parsed HCL type constraint, as the host's HCL library
// (hcl/v2/ext/typeexpr.TypeConstraint) reads an [Attribute]'s Type.
type hclType struct {
	kind typeKind
	// elem is a list's, set's or map's element type.
	elem *hclType
	// attrs are an object's attribute types; optional its optional ones.
	attrs    map[string]hclType
	optional map[string]bool
	// elems are a tuple's element types.
	elems []hclType
}

// primitives are the type keywords that take no arguments.
var primitives = map[string]typeKind{"any": typeAny, "string": typeString, "number": typeNumber, "bool": typeBool}

// parseType parses a type constraint; "" is any. The errors are the HCL
// library's own details.
func parseType(s string) (hclType, error) {
	if strings.TrimSpace(s) == "" {
		return hclType{kind: typeAny}, nil
	}
	p := &typeParser{src: s}
	t, err := p.typ()
	if err == nil && p.skip() < len(p.src) {
		err = fmt.Errorf("Extra characters after the type: %q", p.src[p.pos:])
	}
	return t, err
}

// typeParser reads a type constraint's tokens: identifiers and the
// punctuation ( ) { } [ ] , = :, with spaces, tabs and newlines between.
type typeParser struct {
	src string
	pos int
	// end is where the last token read ends.
	end int
}

// skip passes over white space and returns the position.
func (p *typeParser) skip() int {
	for p.pos < len(p.src) && strings.ContainsRune(" \t\r\n", rune(p.src[p.pos])) {
		p.pos++
	}
	return p.pos
}

// peek is the next non-space byte, or 0 at the end.
func (p *typeParser) peek() byte {
	if p.skip() < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

// eat consumes c when it comes next.
func (p *typeParser) eat(c byte) bool {
	if p.peek() == c {
		p.pos++
		p.end = p.pos
		return true
	}
	return false
}

// ident reads an identifier (letters, digits, _ and -, not starting with a
// digit or -), or returns "".
func (p *typeParser) ident() string {
	start := p.skip()
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		letter := c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !letter && (p.pos == start || c != '-' && (c < '0' || c > '9')) {
			break
		}
		p.pos++
	}
	if p.pos > start {
		p.end = p.pos
	}
	return p.src[start:p.pos]
}

// typ reads one type: a keyword, or a constructor call.
func (p *typeParser) typ() (hclType, error) {
	name := p.ident()
	if name == "" {
		return hclType{}, fmt.Errorf("A type specification is either a primitive type keyword (bool, number, string) " +
			"or a complex type constructor call, like list(string)")
	}
	if !p.eat('(') {
		return keyword(name)
	}
	if _, ok := primitives[name]; ok {
		return hclType{}, fmt.Errorf("Type keyword %q does not expect arguments", name)
	}
	var t hclType
	var err error
	switch name {
	case "list", "set", "map":
		t, err = p.collection(name)
	case "object":
		t, err = p.object()
	case "tuple":
		t, err = p.tuple()
	case "optional":
		return hclType{}, fmt.Errorf("Keyword %q is valid only as a modifier for object type attributes", name)
	default:
		return hclType{}, fmt.Errorf("Keyword %q is not a valid type constructor", name)
	}
	if err == nil && !p.eat(')') {
		err = fmt.Errorf("The %s type constructor requires one argument", name)
	}
	return t, err
}

// keyword is a type written without parentheses.
func keyword(name string) (hclType, error) {
	if k, ok := primitives[name]; ok {
		return hclType{kind: k}, nil
	}
	switch name {
	case "list", "set", "map", "object", "tuple":
		return hclType{}, fmt.Errorf("The %s type constructor requires one argument", name)
	}
	return hclType{}, fmt.Errorf("The keyword %q is not a valid type specification", name)
}

// collection reads list(T), set(T) or map(T) after the parenthesis.
func (p *typeParser) collection(name string) (hclType, error) {
	elem, err := p.typ()
	if err != nil {
		return hclType{}, err
	}
	kind := map[string]typeKind{"list": typeList, "set": typeSet, "map": typeMap}[name]
	return hclType{kind: kind, elem: &elem}, nil
}

// object reads object({name = T, name = optional(T), ...}) after the
// parenthesis; items are separated by commas or newlines.
func (p *typeParser) object() (hclType, error) {
	t := hclType{kind: typeObject, attrs: map[string]hclType{}, optional: map[string]bool{}}
	if !p.eat('{') {
		return hclType{}, fmt.Errorf("Object type constructor requires a map whose keys are attribute names and " +
			"whose values are the corresponding attribute types")
	}
	for !p.eat('}') {
		name := p.ident()
		if name == "" {
			return hclType{}, fmt.Errorf("Object constructor map keys must be attribute names")
		}
		if _, dup := t.attrs[name]; dup {
			return hclType{}, fmt.Errorf("Object constructor map keys must be unique")
		}
		if !p.eat('=') && !p.eat(':') {
			return hclType{}, fmt.Errorf("Missing key/value separator after %q", name)
		}
		aty, opt, err := p.attrType()
		if err != nil {
			return hclType{}, err
		}
		t.attrs[name], t.optional[name] = aty, opt
		if !p.newline() && !p.eat(',') && p.peek() != '}' {
			return hclType{}, fmt.Errorf("Missing attribute separator after %q", name)
		}
	}
	return t, nil
}

// attrType reads an object attribute's type, optionally optional(T).
func (p *typeParser) attrType() (hclType, bool, error) {
	save := p.pos
	if p.ident() == "optional" && p.eat('(') {
		t, err := p.typ()
		if err == nil && !p.eat(')') {
			err = fmt.Errorf("Optional attribute modifier expects only one argument: the attribute type")
		}
		return t, true, err
	}
	p.pos = save
	t, err := p.typ()
	return t, false, err
}

// newline reports whether a newline comes before the next token, and
// then passes a comma after it too.
func (p *typeParser) newline() bool {
	p.skip()
	if !strings.Contains(p.src[p.end:p.pos], "\n") {
		return false
	}
	p.eat(',')
	return true
}

// tuple reads tuple([T, ...]) after the parenthesis.
func (p *typeParser) tuple() (hclType, error) {
	if !p.eat('[') {
		return hclType{}, fmt.Errorf("Tuple type constructor requires a list of element types")
	}
	t := hclType{kind: typeTuple}
	for !p.eat(']') {
		elem, err := p.typ()
		if err != nil {
			return hclType{}, err
		}
		t.elems = append(t.elems, elem)
		if !p.eat(',') && p.peek() != ']' {
			return hclType{}, fmt.Errorf("Missing item separator in the tuple's element types")
		}
	}
	return t, nil
}
