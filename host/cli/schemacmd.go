package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/plugins"
	"github.com/swarmhost/swarmhost/host/plugins/catalog"
	"github.com/swarmhost/swarmhost/sdk/base"
	"github.com/swarmhost/swarmhost/sdk/schema"
)

// cmdPluginsSchema is `swarmhost plugins schema KIND NAME [SUITE]
// [--json]`: it starts the plugin (found as a run of SUITE would find it,
// its plugin blocks applied) and prints its config schema: each attribute
// with its type, whether it is required, its default and its doc, and each
// nested block, as an annotated HCL block (or the schema as JSON).
func cmdPluginsSchema(e env, args []string) int {
	fs := flag.NewFlagSet("plugins schema", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	asJSON := fs.Bool("json", false, "print the metadata and schema as JSON (snake_case keys)")
	var vars multiFlag
	fs.Var(&vars, "var", "set a variable of SUITE: name=value (repeatable)")
	positional, ok := parsePositional(fs, args)
	if !ok || len(positional) < 2 || len(positional) > 3 {
		fmt.Fprintln(e.stderr, "usage: swarmhost plugins schema KIND NAME [SUITE] [--json] [--var name=value]...")
		return ExitUsage
	}
	md, ok := pluginMetadata(e, positional, vars)
	if !ok {
		return ExitUsage
	}
	if *asJSON {
		if err := writeSchemaJSON(e.stdout, positional[0], md); err != nil {
			fmt.Fprintln(e.stderr, "swarmhost plugins schema:", err)
			return ExitUsage
		}
		return ExitOK
	}
	writeSchema(e.stdout, positional[0], md)
	return ExitOK
}

// pluginMetadata resolves and starts KIND NAME (with SUITE's pins) and
// returns its metadata; it prints why when it cannot.
func pluginMetadata(e env, args, vars []string) (base.MetadataResponse, bool) {
	suite, pins := ".", []config.PluginPin(nil)
	if len(args) == 3 {
		suite = args[2]
		if hasSuite(args[2]) {
			var ok bool
			if pins, ok = suitePins(e, args[2], vars); !ok {
				return base.MetadataResponse{}, false
			}
		}
	}
	mgr := plugins.NewManager(newLogger(e).Named("plugin"), plugins.Options{})
	defer mgr.Close()
	md, err := catalog.New(context.Background(), mgr, suite, pins).Info(args[0], args[1])
	if err != nil {
		fmt.Fprintln(e.stderr, "swarmhost plugins schema:", err)
		return md, false
	}
	return md, true
}

// writeSchema prints the plugin's block as HCL, each attribute and block
// preceded by a comment with its doc, type and whether it is required.
func writeSchema(w io.Writer, kind string, md base.MetadataResponse) {
	fmt.Fprintf(w, "# %s plugin %q, version %s", kind, md.Name, md.Version)
	if md.Description != "" {
		fmt.Fprintf(w, ": %s", md.Description)
	}
	if kind != config.KindAgent {
		fmt.Fprintf(w, "\n# in a %s block:\n%s %q {\n", where[kind], kind, md.Name)
		writeBody(w, md.Schema, "  ")
		fmt.Fprintln(w, "}")
		return
	}
	fmt.Fprintf(w, "\n# in a swarm block:\nmember %q {\n  config {\n", md.Name)
	writeBody(w, md.Schema, "    ")
	fmt.Fprintln(w, "  }\n}")
}

// where names the suite block a plugin kind's block goes in.
var where = map[string]string{config.KindScorer: "task", config.KindController: "swarm"}

// writeBody prints a schema's attributes and blocks at indent.
func writeBody(w io.Writer, s schema.Schema, indent string) {
	for _, a := range s.Attributes {
		fmt.Fprintf(w, "%s# %s\n%s%s = %s\n", indent, attrNote(a), indent, a.Name, attrValue(a))
	}
	for _, b := range s.Blocks {
		fmt.Fprintf(w, "%s# %s\n%s%s {\n", indent, blockNote(b), indent, b.Name)
		writeBody(w, b.Body, indent+"  ")
		fmt.Fprintf(w, "%s}\n", indent)
	}
}

// attrNote is an attribute's comment: doc, type, required or optional.
func attrNote(a schema.Attribute) string {
	typ := a.Type
	if typ == "" {
		typ = "any"
	}
	need := "optional"
	if a.Required {
		need = "required"
	}
	return joinNote(a.Description, typ+", "+need)
}

// attrValue is the default of an optional attribute as HCL, or a
// placeholder naming the type.
func attrValue(a schema.Attribute) string {
	if a.Required || a.Default == nil {
		return "<" + cmpOr(a.Type, "any") + ">"
	}
	b, err := json.Marshal(a.Default)
	if err != nil {
		return fmt.Sprint(a.Default)
	}
	return string(b)
}

// blockNote is a block's comment: doc, and how often it may appear.
func blockNote(b schema.Block) string {
	n := "block, at most once"
	if b.Nesting == schema.NestingList {
		n = "block, repeatable"
		if b.MinItems > 0 || b.MaxItems > 0 {
			n += fmt.Sprintf(" (%s)", itemBounds(b.MinItems, b.MaxItems))
		}
	}
	return joinNote(b.Description, n)
}

// itemBounds renders a list block's bounds.
func itemBounds(lo, hi int) string {
	switch {
	case hi == 0:
		return fmt.Sprintf("at least %d", lo)
	case lo == 0:
		return fmt.Sprintf("at most %d", hi)
	}
	return fmt.Sprintf("%d to %d", lo, hi)
}

// joinNote puts a doc and its facts in one comment line.
func joinNote(doc, facts string) string {
	doc = strings.Join(strings.Fields(doc), " ")
	if doc == "" {
		return "(" + facts + ")"
	}
	return doc + " (" + facts + ")"
}

// cmpOr is s, or def when s is empty.
func cmpOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
