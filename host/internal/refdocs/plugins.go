package refdocs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// pluginSchema is `swarmhost plugins schema --json`'s answer.
type pluginSchema struct {
	Name, Version, Description string
	Schema                     schema
	Capabilities               []string
}

type schema struct {
	Attributes []struct {
		Name, Type, Description string
		Required                bool
		Default                 any
	}
	Blocks []struct {
		Name, Description string
		Body              schema
	}
}

// kinds orders the page's sections.
var kinds = []string{"agent", "controller", "scorer"}

// pluginsPage is docs/reference/plugins.md: each built-in plugin's config.
func (r runner) pluginsPage(built []string) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, header, "`swarmhost plugins schema KIND NAME --json` of every plugin under plugins/")
	b.WriteString("# Built-in plugins\n\n" +
		"Each built-in plugin's config, as the plugin declares it. " +
		"The host checks a block against it: an unknown attribute or a value of the wrong type is a `validate` error. " +
		"Where it goes: a scorer's and a controller's config is its block's body; an agent's is the member's `config` block " +
		"([Suites](../guides/suites.md#the-blocks)).\n")
	slices.SortFunc(built, func(a, c string) int {
		ka, _, _ := strings.Cut(a, "-")
		kc, _, _ := strings.Cut(c, "-")
		if d := slices.Index(kinds, ka) - slices.Index(kinds, kc); d != 0 {
			return d
		}
		return strings.Compare(a, c)
	})
	kind := ""
	for _, p := range built {
		k, name, _ := strings.Cut(p, "-")
		if k != kind {
			kind = k
			fmt.Fprintf(&b, "\n## %ss\n", kind)
		}
		out, err := r.stdout("plugins", "schema", k, name, "--json")
		if err != nil {
			return nil, fmt.Errorf("plugins schema %s %s: %w", k, name, err)
		}
		var s pluginSchema
		if err := json.Unmarshal(out, &s); err != nil {
			return nil, fmt.Errorf("plugins schema %s %s: %w", k, name, err)
		}
		writePlugin(&b, k, s)
	}
	return b.Bytes(), nil
}

// writePlugin writes one plugin's section.
func writePlugin(b *bytes.Buffer, kind string, s pluginSchema) {
	fmt.Fprintf(b, "\n### %s %s\n\n%s. Version %s.\n", kind, s.Name, strings.TrimSuffix(s.Description, "."), s.Version)
	if len(s.Schema.Attributes) == 0 && len(s.Schema.Blocks) == 0 {
		b.WriteString("\nIt takes no config.\n")
		return
	}
	writeSchema(b, s.Schema, "")
}

// writeSchema writes a schema's attributes, then its blocks'.
func writeSchema(b *bytes.Buffer, s schema, in string) {
	if len(s.Attributes) > 0 {
		b.WriteString("\n| attribute | type | default | meaning |\n|---|---|---|---|\n")
		for _, a := range s.Attributes {
			def := "required"
			if !a.Required {
				d, _ := json.Marshal(a.Default)
				def = code(string(d))
			}
			typ := a.Type
			if typ == "" {
				typ = "any"
			}
			fmt.Fprintf(b, "| `%s%s` | `%s` | %s | %s |\n", in, a.Name, typ, cell(def), cell(a.Description))
		}
	}
	for _, blk := range s.Blocks {
		fmt.Fprintf(b, "\nBlock `%s%s`: %s\n", in, blk.Name, blk.Description)
		writeSchema(b, blk.Body, in+blk.Name+".")
	}
}
