package evallog

import "github.com/swarmhost/swarmhost/host/evallog/jsonenc"

// The direct encoder of a chat message (see direct.go) and its tool calls.

// appendMessage appends a chat message as ChatMessage.MarshalJSON does.
func appendMessage(b []byte, m *ChatMessage) []byte {
	switch m.Role {
	case RoleSystem, RoleUser, RoleAssistant, RoleTool:
	default:
		jsonenc.Unsupported() // MarshalJSON reports it
	}
	b = append(b, '{')
	if m.ID != "" {
		b = append(b, `"id":`...)
		b = jsonenc.AppendString(b, m.ID)
		b = append(b, ',')
	}
	b = append(b, `"content":`...)
	if m.Content.Parts != nil {
		b = jsonenc.AppendMarshal(b, m.Content.Parts)
	} else {
		b = jsonenc.AppendString(b, m.Content.Text)
	}
	if m.Source != "" {
		b = append(b, `,"source":`...)
		b = jsonenc.AppendString(b, m.Source)
	}
	if len(m.Metadata) > 0 {
		b = append(b, `,"metadata":`...)
		b = jsonenc.AppendMarshal(b, m.Metadata)
	}
	b = append(b, `,"role":`...)
	b = jsonenc.AppendString(b, m.Role)
	switch m.Role {
	case RoleTool:
		if m.ToolCallID != "" {
			b = append(b, `,"tool_call_id":`...)
			b = jsonenc.AppendString(b, m.ToolCallID)
		}
	case RoleUser:
		if m.ToolCallIDs != nil {
			b = append(b, `,"tool_call_id":`...)
			b = jsonenc.AppendMarshal(b, m.ToolCallIDs)
		}
	}
	if m.Role == RoleAssistant {
		if len(m.ToolCalls) > 0 {
			b = append(b, `,"tool_calls":[`...)
			for i := range m.ToolCalls {
				if i > 0 {
					b = append(b, ',')
				}
				b = appendToolCall(b, &m.ToolCalls[i])
			}
			b = append(b, ']')
		}
		if m.Model != "" {
			b = append(b, `,"model":`...)
			b = jsonenc.AppendString(b, m.Model)
		}
	}
	if m.Role == RoleTool {
		if m.Function != "" {
			b = append(b, `,"function":`...)
			b = jsonenc.AppendString(b, m.Function)
		}
		if m.Error != nil {
			b = append(b, `,"error":`...)
			b = appendToolError(b, m.Error)
		}
	}
	return append(b, '}')
}

// appendToolCall appends a tool call as ToolCall.MarshalJSON does.
func appendToolCall(b []byte, c *ToolCall) []byte {
	b = append(b, `{"id":`...)
	b = jsonenc.AppendString(b, c.ID)
	b = append(b, `,"function":`...)
	b = jsonenc.AppendString(b, c.Function)
	b = append(b, `,"arguments":`...)
	b = jsonenc.AppendMap(b, c.Arguments)
	if c.ParseError != "" {
		b = append(b, `,"parse_error":`...)
		b = jsonenc.AppendString(b, c.ParseError)
	}
	if c.View != nil {
		b = append(b, `,"view":`...)
		b = appendView(b, c.View)
	}
	b = append(b, `,"type":`...)
	b = jsonenc.AppendString(b, orDefault(c.Type, "function"))
	return append(b, '}')
}

// appendView appends a tool call's view.
func appendView(b []byte, v *ToolCallContent) []byte {
	b = append(b, '{')
	if v.Title != "" {
		b = append(b, `"title":`...)
		b = jsonenc.AppendString(b, v.Title)
		b = append(b, ',')
	}
	b = append(b, `"format":`...)
	b = jsonenc.AppendString(b, v.Format)
	b = append(b, `,"content":`...)
	b = jsonenc.AppendString(b, v.Content)
	return append(b, '}')
}

// appendToolError appends a tool call's error.
func appendToolError(b []byte, e *ToolCallError) []byte {
	b = append(b, `{"type":`...)
	b = jsonenc.AppendString(b, e.Type)
	b = append(b, `,"message":`...)
	b = jsonenc.AppendString(b, e.Message)
	return append(b, '}')
}
