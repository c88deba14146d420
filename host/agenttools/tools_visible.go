package agenttools

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// sandboxParam is the optional argument that picks one of the member's
// visible sandboxes (Inspect Swarm's visible_sandboxes: services a member's
// tools may reach by name); without it a tool runs in the member's own.
const sandboxParam = "sandbox"

// WithVisible makes the tools also reach the visible sandboxes by name.
func (t *Set) WithVisible(visible map[string]sandbox.Env) *Set {
	t.visible = visible
	return t
}

// visibleInfo adds the sandbox argument to a tool's parameters when the
// member has visible sandboxes.
func (t *Set) visibleInfo(info model.ToolInfo) model.ToolInfo {
	if len(t.visible) == 0 {
		return info
	}
	var schema map[string]any
	if json.Unmarshal(info.Parameters, &schema) != nil {
		return info
	}
	props, _ := schema["properties"].(map[string]any)
	if props == nil {
		props = map[string]any{}
		schema["properties"] = props
	}
	names := slices.Sorted(maps.Keys(t.visible))
	props[sandboxParam] = map[string]any{"type": "string", "enum": names,
		"description": "Run in this sandbox instead of your own (a shared service): one of " + strings.Join(names, ", ") + "."}
	if b, err := json.Marshal(schema); err == nil {
		info.Parameters = b
	}
	return info
}

// target is the tools serving a call: the member's own, or those of the
// visible sandbox the call names.
func (t *Set) target(args map[string]any) (*Set, *model.ToolError) {
	name, _ := args[sandboxParam].(string)
	if name == "" {
		return t, nil
	}
	env, ok := t.visible[name]
	if !ok {
		known := slices.Sorted(maps.Keys(t.visible))
		return nil, &model.ToolError{Type: "parsing", Message: fmt.Sprintf("No sandbox %q is visible to you (visible: %s).",
			name, strings.Join(known, ", "))}
	}
	return &Set{sb: env, names: t.names}, nil
}
