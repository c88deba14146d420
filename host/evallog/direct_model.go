package evallog

import (
	"slices"
	"strconv"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// The direct encoder of a model event (see direct.go): its tools and their schemas, its
// output and usage.

// appendModelEvent appends a model event as ModelEvent.MarshalJSON does.
func appendModelEvent(b []byte, e *ModelEvent) []byte {
	b = appendBase(b, &e.EventBase, "model")
	b = append(b, `,"model":`...)
	b = jsonenc.AppendString(b, e.Model)
	if e.Role != "" {
		b = append(b, `,"role":`...)
		b = jsonenc.AppendString(b, e.Role)
	}
	b = appendInput(b, e)
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

// appendInput appends a model event's input and, when pooled, its input_refs.
func appendInput(b []byte, e *ModelEvent) []byte {
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
	return b
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
