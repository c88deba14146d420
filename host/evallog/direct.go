package evallog

import (
	"slices"
	"strconv"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// The encoders below write the events the host writes most — model, tool, info and span events
// and chat messages — without encoding/json's reflection, byte for byte as their MarshalJSON
// methods write them (TestDirectEncodingMatches compares the two on every event type). Free-form
// values (maps, any) still go through jsonenc.Marshal. encodeEvent falls back to MarshalJSON for any
// other type and whenever a value needs what only encoding/json does (a non-finite float, which
// it refuses).

// encodeEvent is marshalEventValue without reflection for the common event types.
func encodeEvent(v any) ([]byte, error) {
	handled := false
	b, ok := jsonenc.Direct(func() []byte {
		b, known := appendEvent(make([]byte, 0, 512), v)
		handled = known
		return b
	})
	if ok && handled {
		return b, nil
	}
	return marshalEventValue(v)
}

// encodeMessage is ChatMessage.MarshalJSON without reflection (but for free-form maps).
func encodeMessage(m *ChatMessage) ([]byte, error) {
	if b, ok := jsonenc.Direct(func() []byte { return appendMessage(make([]byte, 0, 256), m) }); ok {
		return b, nil
	}
	return m.MarshalJSON()
}

// appendEvent appends the event, or says it cannot.
func appendEvent(b []byte, v any) ([]byte, bool) {
	switch e := v.(type) {
	case *ModelEvent:
		return appendModelEvent(b, e), true
	case ModelEvent:
		return appendModelEvent(b, &e), true
	case *ToolEvent:
		return appendToolEvent(b, e), true
	case ToolEvent:
		return appendToolEvent(b, &e), true
	case *InfoEvent:
		return appendInfoEvent(b, e), true
	case InfoEvent:
		return appendInfoEvent(b, &e), true
	case *SpanBeginEvent:
		return appendSpanBegin(b, e), true
	case SpanBeginEvent:
		return appendSpanBegin(b, &e), true
	case *SpanEndEvent:
		return appendSpanEnd(b, e), true
	case SpanEndEvent:
		return appendSpanEnd(b, &e), true
	}
	return b, false
}

// appendBase appends '{', the base fields and "event" (marshalEvent's head).
func appendBase(b []byte, base *EventBase, kind string) []byte {
	b = append(b, '{')
	first := true
	key := func(k string) {
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, '"')
		b = append(b, k...)
		b = append(b, '"', ':')
	}
	if base.UUID != "" {
		key("uuid")
		b = jsonenc.AppendString(b, base.UUID)
	}
	if base.SpanID != "" {
		key("span_id")
		b = jsonenc.AppendString(b, base.SpanID)
	}
	key("timestamp")
	b = jsonenc.AppendString(b, base.Timestamp.String())
	key("working_start")
	b = jsonenc.AppendFloat(b, base.WorkingStart)
	if len(base.Metadata) > 0 {
		key("metadata")
		b = jsonenc.AppendMarshal(b, base.Metadata)
	}
	if base.Pending != nil {
		key("pending")
		b = strconv.AppendBool(b, *base.Pending)
	}
	key("event")
	return jsonenc.AppendString(b, kind)
}

// appendModelEvent appends a model event as ModelEvent.MarshalJSON does.
func appendModelEvent(b []byte, e *ModelEvent) []byte {
	b = appendBase(b, &e.EventBase, "model")
	b = append(b, `,"model":`...)
	b = jsonenc.AppendString(b, e.Model)
	if e.Role != "" {
		b = append(b, `,"role":`...)
		b = jsonenc.AppendString(b, e.Role)
	}
	b = append(b, `,"input":[`...)
	for i := range e.Input {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendMessage(b, &e.Input[i])
	}
	b = append(b, ']')
	if len(e.InputRefs) > 0 {
		b = append(b, `,"input_refs":[`...)
		for i, r := range e.InputRefs {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(r[0]), 10)
			b = append(b, ',')
			b = strconv.AppendInt(b, int64(r[1]), 10)
			b = append(b, ']')
		}
		b = append(b, ']')
	}
	b = append(b, `,"tools":[`...)
	for i := range e.Tools {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendTool(b, &e.Tools[i])
	}
	b = append(b, ']')
	b = append(b, `,"tool_choice":`...)
	b = jsonenc.AppendRaw(b, e.ToolChoice)
	b = append(b, `,"config":`...)
	b = jsonenc.AppendMap(b, e.Config)
	b = append(b, `,"output":`...)
	b = appendOutput(b, &e.Output)
	if e.Retries != 0 {
		b = append(b, `,"retries":`...)
		b = strconv.AppendInt(b, int64(e.Retries), 10)
	}
	if e.Error != "" {
		b = append(b, `,"error":`...)
		b = jsonenc.AppendString(b, e.Error)
	}
	if e.Cache != "" {
		b = append(b, `,"cache":`...)
		b = jsonenc.AppendString(b, e.Cache)
	}
	if len(e.Call) > 0 {
		b = append(b, `,"call":`...)
		b = jsonenc.AppendCompact(b, e.Call)
	}
	if !e.Completed.IsZero() {
		b = append(b, `,"completed":`...)
		b = jsonenc.AppendString(b, e.Completed.String())
	}
	if e.WorkingTime != nil {
		b = append(b, `,"working_time":`...)
		b = jsonenc.AppendFloat(b, *e.WorkingTime)
	}
	return append(b, '}')
}

// appendTool appends a tool's description as encoding/json writes a ToolInfo.
func appendTool(b []byte, t *ToolInfo) []byte {
	b = append(b, `{"name":`...)
	b = jsonenc.AppendString(b, t.Name)
	b = append(b, `,"description":`...)
	b = jsonenc.AppendString(b, t.Description)
	p := &t.Parameters
	b = append(b, `,"parameters":{"type":`...)
	b = jsonenc.AppendString(b, orDefault(p.Type, "object"))
	b = append(b, `,"properties":`...)
	b = appendSchemas(b, p.Properties)
	b = append(b, `,"required":`...)
	b = appendStrings(b, p.Required)
	b = append(b, `,"additionalProperties":`...)
	b = strconv.AppendBool(b, p.AdditionalProperties)
	b = append(b, '}')
	if len(t.Options) > 0 {
		b = append(b, `,"options":`...)
		b = jsonenc.AppendMap(b, t.Options)
	}
	return append(b, '}')
}

// appendSchemas appends a map of JSON Schemas, keys sorted.
func appendSchemas(b []byte, m map[string]JSONSchema) []byte {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonenc.AppendString(b, k)
		b = append(b, ':')
		s := m[k]
		b = appendSchema(b, &s)
	}
	return append(b, '}')
}

// appendSchema appends one JSON Schema as encoding/json writes a JSONSchema.
func appendSchema(b []byte, s *JSONSchema) []byte {
	b = append(b, '{')
	n := 0
	key := func(k string) {
		if n > 0 {
			b = append(b, ',')
		}
		n++
		b = append(b, '"')
		b = append(b, k...)
		b = append(b, '"', ':')
	}
	if s.Type != nil {
		key("type")
		b = jsonenc.AppendAny(b, s.Type)
	}
	if s.Format != "" {
		key("format")
		b = jsonenc.AppendString(b, s.Format)
	}
	if s.Description != "" {
		key("description")
		b = jsonenc.AppendString(b, s.Description)
	}
	key("default")
	b = jsonenc.AppendAny(b, s.Default)
	if len(s.Enum) > 0 {
		key("enum")
		b = jsonenc.AppendAny(b, s.Enum)
	}
	if s.Items != nil {
		key("items")
		b = appendSchema(b, s.Items)
	}
	if len(s.Properties) > 0 {
		key("properties")
		b = appendSchemas(b, s.Properties)
	}
	switch a := s.AdditionalProperties.(type) {
	case nil:
	case *JSONSchema:
		key("additionalProperties")
		if a == nil {
			b = append(b, "null"...)
		} else {
			b = appendSchema(b, a)
		}
	case JSONSchema:
		key("additionalProperties")
		b = appendSchema(b, &a)
	default:
		key("additionalProperties")
		b = jsonenc.AppendAny(b, a)
	}
	if len(s.AnyOf) > 0 {
		key("anyOf")
		b = append(b, '[')
		for i := range s.AnyOf {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendSchema(b, &s.AnyOf[i])
		}
		b = append(b, ']')
	}
	if len(s.Required) > 0 {
		key("required")
		b = appendStrings(b, s.Required)
	}
	return append(b, '}')
}

// appendStrings appends a list of strings ([] for none).
func appendStrings(b []byte, ss []string) []byte {
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonenc.AppendString(b, s)
	}
	return append(b, ']')
}

// appendOutput appends a model output as ModelOutput.MarshalJSON does.
func appendOutput(b []byte, o *ModelOutput) []byte {
	b = append(b, `{"model":`...)
	b = jsonenc.AppendString(b, o.Model)
	b = append(b, `,"choices":[`...)
	for i := range o.Choices {
		if i > 0 {
			b = append(b, ',')
		}
		c := &o.Choices[i]
		m := c.Message
		m.Role = orDefault(m.Role, RoleAssistant)
		b = append(b, `{"message":`...)
		b = appendMessage(b, &m)
		b = append(b, `,"stop_reason":`...)
		b = jsonenc.AppendString(b, orDefault(c.StopReason, StopReasonUnknown))
		if len(c.Logprobs) > 0 {
			b = append(b, `,"logprobs":`...)
			b = jsonenc.AppendCompact(b, c.Logprobs)
		}
		b = append(b, '}')
	}
	b = append(b, `],"completion":`...)
	b = jsonenc.AppendString(b, o.Completion)
	if o.Usage != nil {
		b = append(b, `,"usage":`...)
		b = appendUsage(b, o.Usage)
	}
	if o.Time != nil {
		b = append(b, `,"time":`...)
		b = jsonenc.AppendFloat(b, *o.Time)
	}
	if len(o.Metadata) > 0 {
		b = append(b, `,"metadata":`...)
		b = jsonenc.AppendMarshal(b, o.Metadata)
	}
	if o.Error != "" {
		b = append(b, `,"error":`...)
		b = jsonenc.AppendString(b, o.Error)
	}
	return append(b, '}')
}

// appendUsage appends token usage.
func appendUsage(b []byte, u *ModelUsage) []byte {
	b = append(b, `{"input_tokens":`...)
	b = strconv.AppendInt(b, u.InputTokens, 10)
	b = append(b, `,"output_tokens":`...)
	b = strconv.AppendInt(b, u.OutputTokens, 10)
	b = append(b, `,"total_tokens":`...)
	b = strconv.AppendInt(b, u.TotalTokens, 10)
	for _, f := range []struct {
		key string
		v   *int64
	}{{"input_tokens_cache_write", u.InputTokensCacheWrite}, {"input_tokens_cache_read", u.InputTokensCacheRead},
		{"reasoning_tokens", u.ReasoningTokens}} {
		if f.v != nil {
			b = append(b, ',', '"')
			b = append(b, f.key...)
			b = append(b, '"', ':')
			b = strconv.AppendInt(b, *f.v, 10)
		}
	}
	if u.TotalCost != nil {
		b = append(b, `,"total_cost":`...)
		b = jsonenc.AppendFloat(b, *u.TotalCost)
	}
	return append(b, '}')
}

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

// appendToolEvent appends a tool event as ToolEvent.MarshalJSON does.
func appendToolEvent(b []byte, e *ToolEvent) []byte {
	b = appendBase(b, &e.EventBase, "tool")
	b = append(b, `,"type":`...)
	b = jsonenc.AppendString(b, orDefault(e.Type, "function"))
	b = append(b, `,"id":`...)
	b = jsonenc.AppendString(b, e.ID)
	b = append(b, `,"function":`...)
	b = jsonenc.AppendString(b, e.Function)
	b = append(b, `,"arguments":`...)
	b = jsonenc.AppendMap(b, e.Arguments)
	if e.View != nil {
		b = append(b, `,"view":`...)
		b = appendView(b, e.View)
	}
	b = append(b, `,"result":`...)
	switch r := e.Result.(type) {
	case nil:
		b = append(b, `""`...)
	case string:
		b = jsonenc.AppendString(b, r)
	default:
		b = jsonenc.AppendMarshal(b, r)
	}
	if e.Error != nil {
		b = append(b, `,"error":`...)
		b = appendToolError(b, e.Error)
	}
	b = append(b, `,"events":[`...)
	for i, raw := range e.Events {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonenc.AppendCompact(b, raw)
	}
	b = append(b, ']')
	if !e.Completed.IsZero() {
		b = append(b, `,"completed":`...)
		b = jsonenc.AppendString(b, e.Completed.String())
	}
	if e.WorkingTime != nil {
		b = append(b, `,"working_time":`...)
		b = jsonenc.AppendFloat(b, *e.WorkingTime)
	}
	for _, f := range []struct{ key, v string }{{"agent", e.Agent}, {"agent_span_id", e.AgentSpanID}} {
		if f.v != "" {
			b = append(b, ',', '"')
			b = append(b, f.key...)
			b = append(b, '"', ':')
			b = jsonenc.AppendString(b, f.v)
		}
	}
	if e.Failed != nil {
		b = append(b, `,"failed":`...)
		b = strconv.AppendBool(b, *e.Failed)
	}
	if e.MessageID != "" {
		b = append(b, `,"message_id":`...)
		b = jsonenc.AppendString(b, e.MessageID)
	}
	return append(b, '}')
}

// appendInfoEvent appends an info event.
func appendInfoEvent(b []byte, e *InfoEvent) []byte {
	b = appendBase(b, &e.EventBase, "info")
	if e.Source != "" {
		b = append(b, `,"source":`...)
		b = jsonenc.AppendString(b, e.Source)
	}
	b = append(b, `,"data":`...)
	if s, ok := e.Data.(string); ok {
		b = jsonenc.AppendString(b, s)
	} else {
		b = jsonenc.AppendMarshal(b, e.Data)
	}
	return append(b, '}')
}

// appendSpanBegin appends a span_begin event.
func appendSpanBegin(b []byte, e *SpanBeginEvent) []byte {
	b = appendBase(b, &e.EventBase, "span_begin")
	b = append(b, `,"id":`...)
	b = jsonenc.AppendString(b, e.ID)
	if e.ParentID != "" {
		b = append(b, `,"parent_id":`...)
		b = jsonenc.AppendString(b, e.ParentID)
	}
	if e.Type != "" {
		b = append(b, `,"type":`...)
		b = jsonenc.AppendString(b, e.Type)
	}
	b = append(b, `,"name":`...)
	b = jsonenc.AppendString(b, e.Name)
	return append(b, '}')
}

// appendSpanEnd appends a span_end event.
func appendSpanEnd(b []byte, e *SpanEndEvent) []byte {
	b = appendBase(b, &e.EventBase, "span_end")
	b = append(b, `,"id":`...)
	b = jsonenc.AppendString(b, e.ID)
	return append(b, '}')
}
