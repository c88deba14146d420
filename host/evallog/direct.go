package evallog

import (
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
