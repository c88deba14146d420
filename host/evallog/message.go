package evallog

import (
	"encoding/json"
	"fmt"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// Message roles, the discriminator of ChatMessage.
const (
	RoleSystem    = "system"
	RoleUser      = "user"
	RoleAssistant = "assistant"
	RoleTool      = "tool"
)

// ChatMessage is one chat message; Role says which of Inspect's four message types it is and
// which role-specific fields are written: ToolCalls and Model for assistant messages;
// ToolCallID, Function and Error for tool messages; ToolCallIDs for user messages answering
// tool calls. Source is "input", "generate" or "operator".
type ChatMessage struct {
	ID          string
	Content     Content
	Source      string
	Metadata    map[string]any
	Role        string
	ToolCalls   []ToolCall     // assistant
	Model       string         // assistant
	ToolCallID  string         // tool
	ToolCallIDs []string       // user
	Function    string         // tool
	Error       *ToolCallError // tool
}

// messageWire is ChatMessage as written, in Python's field order (base fields, role, then the
// role's own fields). tool_call_id is a string for tool messages and a list for user messages.
type messageWire struct {
	ID         string          `json:"id,omitempty"`
	Content    Content         `json:"content"`
	Source     string          `json:"source,omitempty"`
	Metadata   map[string]any  `json:"metadata,omitempty"`
	Role       string          `json:"role"`
	ToolCallID json.RawMessage `json:"tool_call_id,omitempty"`
	ToolCalls  []ToolCall      `json:"tool_calls,omitempty"`
	Model      string          `json:"model,omitempty"`
	Function   string          `json:"function,omitempty"`
	Error      *ToolCallError  `json:"error,omitempty"`
}

// MarshalJSON writes the message with the fields of its role.
func (m ChatMessage) MarshalJSON() ([]byte, error) {
	w := messageWire{ID: m.ID, Content: m.Content, Source: m.Source, Metadata: m.Metadata, Role: m.Role}
	var err error
	switch m.Role {
	case RoleAssistant:
		w.ToolCalls, w.Model = m.ToolCalls, m.Model
	case RoleTool:
		w.Function, w.Error = m.Function, m.Error
		if m.ToolCallID != "" {
			w.ToolCallID, err = jsonenc.Marshal(m.ToolCallID)
		}
	case RoleUser:
		if m.ToolCallIDs != nil {
			w.ToolCallID, err = jsonenc.Marshal(m.ToolCallIDs)
		}
	case RoleSystem:
	default:
		return nil, fmt.Errorf("evallog: message role %q is not system, user, assistant or tool", m.Role)
	}
	if err != nil {
		return nil, err
	}
	return jsonenc.Marshal(w)
}

// UnmarshalJSON reads any of the four message types.
func (m *ChatMessage) UnmarshalJSON(b []byte) error {
	var w messageWire
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*m = ChatMessage{ID: w.ID, Content: w.Content, Source: w.Source, Metadata: w.Metadata,
		Role: w.Role, ToolCalls: w.ToolCalls, Model: w.Model, Function: w.Function, Error: w.Error}
	if len(w.ToolCallID) == 0 || string(w.ToolCallID) == "null" {
		return nil
	}
	if isJSONString(w.ToolCallID) {
		return json.Unmarshal(w.ToolCallID, &m.ToolCallID)
	}
	return json.Unmarshal(w.ToolCallID, &m.ToolCallIDs)
}

// ToolCall is a tool call requested by an assistant message. Type is "function" (the default)
// or "custom".
type ToolCall struct {
	ID         string           `json:"id"`
	Function   string           `json:"function"`
	Arguments  map[string]any   `json:"arguments"`
	ParseError string           `json:"parse_error,omitempty"`
	View       *ToolCallContent `json:"view,omitempty"`
	Type       string           `json:"type"`
}

// MarshalJSON writes arguments as {} when nil and type "function" when empty.
func (c ToolCall) MarshalJSON() ([]byte, error) {
	type plain ToolCall
	c.Arguments = emptyMap(c.Arguments)
	c.Type = orDefault(c.Type, "function")
	return jsonenc.Marshal(plain(c))
}

// ToolCallContent is a custom rendering of a tool call for the viewer. Format is "text" or
// "markdown".
type ToolCallContent struct {
	Title   string `json:"title,omitempty"`
	Format  string `json:"format"`
	Content string `json:"content"`
}

// ToolCallError is the error a tool call ended with. Type is one of Inspect's error kinds:
// parsing, timeout, unicode_decode, permission, file_not_found, is_a_directory, limit,
// approval, cancelled, sandbox_unavailable, output_limit or unknown.
type ToolCallError struct {
	Type    string `json:"type"`
	Message string `json:"message"`
}
