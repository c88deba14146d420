package config

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

// Parsed is a suite after phase 1: files read, variables and locals
// evaluated, plugin pins collected. Its definitions (models, tasks, swarms,
// evals) are still HCL bodies; [Parsed.Decode] turns them into a [Suite].
type Parsed struct {
	// Dir is the absolute suite directory: SUITE itself when it is a
	// directory, else the directory of the SUITE file. Relative paths in the
	// suite (plugin sources, dataset files) are resolved against it.
	Dir string
	// Files holds every parsed file by the name used in diagnostics, plus one
	// pseudo-file per --var override ("<value for var.NAME>") so that errors in
	// an override render with a snippet too.
	Files map[string]*hcl.File
	// Plugins are the `plugin` pin blocks in declaration order.
	Plugins []PluginPin
	// Variables are the final values of `var.*`, keyed by name.
	Variables map[string]cty.Value
	// Locals are the values of `local.*`, keyed by name.
	Locals map[string]cty.Value

	ctx  *hcl.EvalContext
	defs definitions
	// commandLine are the Inspect evals the command line added, by task
	// name (see [Parsed.AddInspectEval]).
	commandLine map[string]InspectEval
}

// definitions are the top-level blocks phase 2 decodes, first definition of
// each name only, in declaration order.
type definitions struct {
	models, tasks, swarms, evals, studies []*hcl.Block
	// start is where "the suite" begins, for diagnostics about the whole
	// suite (no eval blocks).
	start hcl.Range
}

// Parse runs phase 1 on path, a .hcl file or a directory of .hcl files.
//
// vars are --var overrides by variable name. A string-typed or untyped
// variable takes the text as it is; any other type parses it as an HCL
// expression (functions allowed, references not) converted to the type, so
// `--var members=4` and `--var tags='["a","b"]'` both work. An override for an
// undeclared variable, or a variable with neither default nor override, is an
// error.
//
// Parse always returns a non-nil *Parsed, so its diagnostics can be rendered.
// Phase 2 must not run when the diagnostics hold an error.
func Parse(path string, vars map[string]string) (*Parsed, hcl.Diagnostics) {
	p := &Parsed{Files: map[string]*hcl.File{}, Plugins: []PluginPin{}}
	files, diags := p.load(path)
	if len(files) == 0 {
		p.ctx = evalContext(nil, nil)
		return p, diags
	}
	blocks, d := topLevel(files)
	diags = append(diags, d...)
	p.defs, d = collectDefinitions(blocks)
	diags = append(diags, d...)
	p.defs.start = hcl.Range{Filename: files[0].name, Start: hcl.InitialPos, End: hcl.InitialPos}
	diags = append(diags, p.evalVariables(ofType(blocks, "variable"), vars)...)
	diags = append(diags, p.evalLocals(ofType(blocks, "locals"))...)
	p.ctx = evalContext(p.Variables, p.Locals)
	diags = append(diags, p.collectPins(ofType(blocks, "plugin"))...)
	return p, withSuggestions(diags)
}

// EvalContext returns the context suite expressions are evaluated in:
// `var.*`, `local.*`, the cty standard library and try/can. Callers must not
// modify it.
func (p *Parsed) EvalContext() *hcl.EvalContext { return p.ctx }
