package cli

import (
	"encoding/json"
	"io"

	"github.com/swarmhost/swarmhost/sdk/base"
	"github.com/swarmhost/swarmhost/sdk/schema"
)

// schemaDoc is `plugins schema --json`: the plugin's metadata and config
// schema with snake_case keys, as `validate --json` writes its own (and as
// the SDKs' schema fixtures spell a schema), nesting by name.
type schemaDoc struct {
	Kind         string     `json:"kind"`
	Name         string     `json:"name"`
	Version      string     `json:"version"`
	Description  string     `json:"description"`
	Capabilities []string   `json:"capabilities"`
	Schema       schemaBody `json:"schema"`
}

// schemaBody is a block's attributes and nested blocks.
type schemaBody struct {
	Attributes []schemaAttr  `json:"attributes"`
	Blocks     []schemaBlock `json:"blocks"`
}

// schemaAttr is one attribute; Type is "any" when the plugin left it empty.
type schemaAttr struct {
	Name        string `json:"name"`
	Type        string `json:"type"`
	Required    bool   `json:"required"`
	Default     any    `json:"default"`
	Description string `json:"description"`
}

// schemaBlock is one nested block; Nesting is "single" or "list".
type schemaBlock struct {
	Name        string     `json:"name"`
	Nesting     string     `json:"nesting"`
	MinItems    int        `json:"min_items"`
	MaxItems    int        `json:"max_items"`
	Description string     `json:"description"`
	Body        schemaBody `json:"body"`
}

// writeSchemaJSON writes the metadata of a kind's plugin as one indented
// JSON object, with <, > and & as they are.
func writeSchemaJSON(w io.Writer, kind string, md base.MetadataResponse) error {
	caps := md.Capabilities
	if caps == nil {
		caps = []string{}
	}
	doc := schemaDoc{Kind: kind, Name: md.Name, Version: md.Version, Description: md.Description,
		Capabilities: caps, Schema: bodyJSON(md.Schema)}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(doc)
}

// bodyJSON converts a schema.
func bodyJSON(s schema.Schema) schemaBody {
	out := schemaBody{Attributes: []schemaAttr{}, Blocks: []schemaBlock{}}
	for _, a := range s.Attributes {
		out.Attributes = append(out.Attributes, schemaAttr{Name: a.Name, Type: cmpOr(a.Type, "any"), Required: a.Required,
			Default: a.Default, Description: a.Description})
	}
	for _, b := range s.Blocks {
		nesting := "single"
		if b.Nesting == schema.NestingList {
			nesting = "list"
		}
		out.Blocks = append(out.Blocks, schemaBlock{Name: b.Name, Nesting: nesting, MinItems: b.MinItems,
			MaxItems: b.MaxItems, Description: b.Description, Body: bodyJSON(b.Body)})
	}
	return out
}
