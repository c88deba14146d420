package config

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
)

// PreambleFields are the placeholders a swarm's `preamble` template may
// use; host/swarm fills them (swarm.PreambleFields, the same list).
var PreambleFields = []string{"member", "role", "size", "split", "sandbox", "channels", "default"}

var placeholder = regexp.MustCompile(`\{([a-z_]+)\}`)

// preamble decodes a swarm's `preamble` template: a string whose {name}
// placeholders must be PreambleFields.
func (d *decoder) preamble(a *hcl.Attribute) string {
	text, ok := d.str(a)
	if !ok {
		return ""
	}
	for _, m := range placeholder.FindAllStringSubmatch(text, -1) {
		if !slices.Contains(PreambleFields, m[1]) {
			d.report(errorAt(a.Expr.Range(), fmt.Sprintf("Unknown preamble placeholder {%s}", m[1]),
				"The preamble template may use "+fieldList()+"."))
		}
	}
	return text
}

func fieldList() string {
	out := make([]string, len(PreambleFields))
	for i, f := range PreambleFields {
		out[i] = "{" + f + "}"
	}
	return strings.Join(out, ", ")
}
