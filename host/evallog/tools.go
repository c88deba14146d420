package evallog

import (
	"encoding/json"
	"fmt"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// ToolInfo describes a tool offered to a model.
type ToolInfo struct {
	Name        string         `json:"name"`
	Description string         `json:"description"`
	Parameters  ToolParams     `json:"parameters"`
	Options     map[string]any `json:"options,omitempty"`
}

// ToolParams is a tool's parameters as a JSON Schema object. Properties maps each parameter to
// its JSON Schema; Required lists the mandatory ones.
type ToolParams struct {
	Type                 string                `json:"type"`
	Properties           map[string]JSONSchema `json:"properties"`
	Required             []string              `json:"required"`
	AdditionalProperties bool                  `json:"additionalProperties"`
}

// JSONSchema is the JSON Schema of one tool parameter (inspect_ai.util.JSONSchema). Inspect's
// OpenAPI schema requires "default" on it, so Default is always written (null when nil).
type JSONSchema struct {
	Type                 any                   `json:"type,omitempty"` // a type name or a list of them
	Format               string                `json:"format,omitempty"`
	Description          string                `json:"description,omitempty"`
	Default              any                   `json:"default"`
	Enum                 []any                 `json:"enum,omitempty"`
	Items                *JSONSchema           `json:"items,omitempty"`
	Properties           map[string]JSONSchema `json:"properties,omitempty"`
	AdditionalProperties any                   `json:"additionalProperties,omitempty"` // bool or *JSONSchema
	AnyOf                []JSONSchema          `json:"anyOf,omitempty"`
	Required             []string              `json:"required,omitempty"`
}

// MarshalJSON writes type "object", properties {} and required [] when unset.
func (p ToolParams) MarshalJSON() ([]byte, error) {
	type plain ToolParams
	p.Type = orDefault(p.Type, "object")
	p.Properties = emptyMap(p.Properties)
	p.Required = emptySlice(p.Required)
	return jsonenc.Marshal(plain(p))
}

// Tool choice modes. Any other ToolChoice value names the one function the model must call.
const (
	ToolChoiceAuto = "auto"
	ToolChoiceAny  = "any"
	ToolChoiceNone = "none"
)

// ToolChoice is a model call's tool choice: "auto", "any", "none", or the name of a function,
// written as {"name": ...}. The zero value is written as "none" (no tools offered).
type ToolChoice string

// MarshalJSON writes a mode string or a function object.
func (c ToolChoice) MarshalJSON() ([]byte, error) {
	switch c {
	case "":
		return jsonenc.Marshal(ToolChoiceNone)
	case ToolChoiceAuto, ToolChoiceAny, ToolChoiceNone:
		return jsonenc.Marshal(string(c))
	}
	return jsonenc.Marshal(map[string]string{"name": string(c)})
}

// UnmarshalJSON reads a mode string, a function object or null.
func (c *ToolChoice) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*c = ""
		return nil
	}
	if isJSONString(b) {
		return json.Unmarshal(b, (*string)(c))
	}
	var fn struct {
		Name string `json:"name"`
	}
	if err := json.Unmarshal(b, &fn); err != nil {
		return fmt.Errorf("evallog: tool_choice: %w", err)
	}
	*c = ToolChoice(fn.Name)
	return nil
}
