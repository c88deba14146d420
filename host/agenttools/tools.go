package agenttools

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// Sandbox tools the host runs for members, each in the member's own sandbox
// (or the sample's shared one). A member's `tools` attribute picks them by
// name; nil picks DefaultTools, [] none. Channel tools are added by the
// channels, whatever this list says.
var sandboxToolDefs = map[string]sandboxTool{
	"bash":       {info: bashInfo, call: (*Set).bash},
	"python":     {info: pythonInfo, call: (*Set).python},
	"read_file":  {info: readFileInfo, call: (*Set).readFile},
	"write_file": {info: writeFileInfo, call: (*Set).writeFile},
	"exec":       {info: execInfo, call: (*Set).exec},
}

// DefaultTools is the set a member gets when its block sets no `tools`:
// Inspect's bash and python, and text-editor style file reads and writes.
// "exec" (an argv list, no shell) is offered only on request.
var DefaultTools = []string{"bash", "python", "read_file", "write_file"}

// MaxToolOutput caps what one tool call returns to the model, as Inspect's
// default max_tool_output (16 KiB): a longer result keeps its first and
// last halves inside Inspect's truncation note. (The sandbox separately
// caps each output stream at 10 MiB while capturing it.)
const MaxToolOutput = 16 << 10

type sandboxTool struct {
	info model.ToolInfo
	call func(t *Set, ctx context.Context, args map[string]any) (string, *model.ToolError)
}

// Set serves one member's chosen sandbox tools.
type Set struct {
	sb    sandbox.Env
	names []string
	// visible are other sandboxes a call may name (tools_visible.go).
	visible map[string]sandbox.Env
}

// New serves the named tools (nil = DefaultTools) in sb.
func New(sb sandbox.Env, names []string) *Set {
	if names == nil {
		names = DefaultTools
	}
	return &Set{sb: sb, names: names}
}

// Check rejects a tool name the host does not know.
func Check(names []string) error {
	for _, n := range names {
		if _, ok := sandboxToolDefs[n]; !ok {
			known := slices.Sorted(maps.Keys(sandboxToolDefs))
			return fmt.Errorf("unknown tool %q in tools (available: %s)", n, strings.Join(known, ", "))
		}
	}
	return nil
}

// List returns the chosen tools' descriptions, in the order chosen.
func (t *Set) List() []model.ToolInfo {
	out := make([]model.ToolInfo, 0, len(t.names))
	for _, n := range t.names {
		out = append(out, t.visibleInfo(sandboxToolDefs[n].info))
	}
	return out
}

// Call runs one tool call; failures come back as tool errors, and long
// results are truncated (MaxToolOutput).
func (t *Set) Call(ctx context.Context, call model.ToolCall) (string, *model.ToolError) {
	def, ok := sandboxToolDefs[call.Function]
	if !ok || !slices.Contains(t.names, call.Function) {
		return "", &model.ToolError{Type: "unknown", Message: fmt.Sprintf("Tool %s not found.", call.Function)}
	}
	if call.ParseError != "" {
		return "", &model.ToolError{Type: "parsing", Message: call.ParseError}
	}
	target, terr := t.target(call.Arguments)
	if terr != nil {
		return "", terr
	}
	out, terr := def.call(target, ctx, call.Arguments)
	return truncateToolOutput(call.Function, out, MaxToolOutput), terr
}

// truncateToolOutput keeps the first and last max/2 bytes of a long output
// (whole UTF-8 characters) inside Inspect's note.
func truncateToolOutput(tool, out string, max int) string {
	if len(out) <= max {
		return out
	}
	head, tail := strings.ToValidUTF8(out[:max/2], ""), strings.ToValidUTF8(out[len(out)-(max-max/2):], "")
	return fmt.Sprintf("The output of your call to %s was too long to be displayed.\nHere is a truncated version:\n"+
		"<START_TOOL_OUTPUT>\n%s%s\n<END_TOOL_OUTPUT>\n", tool, head, tail)
}

// stringArg reads a string argument under its name or an alias.
func stringArg(args map[string]any, names ...string) (string, bool) {
	for _, n := range names {
		if s, ok := args[n].(string); ok {
			return s, true
		}
	}
	return "", false
}

func parsing(format string, a ...any) *model.ToolError {
	return &model.ToolError{Type: "parsing", Message: fmt.Sprintf(format, a...)}
}
