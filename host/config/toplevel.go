package config

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// topSchema is the suite's top-level vocabulary (SPEC §3). Anything else at
// the top level is an "Unsupported block type" error.
var topSchema = &hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{
	{Type: "variable", LabelNames: []string{"name"}},
	{Type: "locals"},
	{Type: "plugin", LabelNames: []string{"kind", "name"}},
	{Type: "model", LabelNames: []string{"name"}},
	{Type: "task", LabelNames: []string{"name"}},
	{Type: "swarm", LabelNames: []string{"name"}},
	{Type: "eval", LabelNames: []string{"name"}},
	{Type: "study", LabelNames: []string{"name"}},
}}

// topLevel returns every top-level block of files in declaration order.
func topLevel(files []suiteFile) ([]*hcl.Block, hcl.Diagnostics) {
	var blocks []*hcl.Block
	var diags hcl.Diagnostics
	for _, f := range files {
		content, d := f.file.Body.Content(topSchema)
		diags = append(diags, d...)
		blocks = append(blocks, content.Blocks...)
	}
	return blocks, diags
}

// collectDefinitions keeps the first model, task, swarm and eval of each
// name. Names must be identifiers so that traversals like task.NAME reach
// them.
func collectDefinitions(blocks []*hcl.Block) (definitions, hcl.Diagnostics) {
	var defs definitions
	var diags hcl.Diagnostics
	seen := map[string]namedSet{}
	for _, b := range blocks {
		list := defs.listFor(b.Type)
		if list == nil {
			continue
		}
		name := b.Labels[0]
		if !hclsyntax.ValidIdentifier(name) {
			diags = append(diags, errorf(b.LabelRanges[0], fmt.Sprintf("Invalid %s name", b.Type),
				"%q is not a valid name: use letters, digits, underscores and dashes, starting with a letter, so that %s.NAME can refer to it.", name, b.Type))
			continue
		}
		if seen[b.Type] == nil {
			seen[b.Type] = namedSet{}
		}
		if d := seen[b.Type].add(b.Type, name, b.LabelRanges[0]); d != nil {
			diags = append(diags, d)
			continue
		}
		*list = append(*list, b)
	}
	return defs, diags
}

// listFor returns the list a definition block of type typ goes to, or nil.
func (d *definitions) listFor(typ string) *[]*hcl.Block {
	switch typ {
	case "model":
		return &d.models
	case "task":
		return &d.tasks
	case "swarm":
		return &d.swarms
	case "eval":
		return &d.evals
	case "study":
		return &d.studies
	}
	return nil
}
