package evallog

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// Event is one entry of a sample's transcript. The concrete types are SpanBeginEvent,
// SpanEndEvent, ModelEvent, ToolEvent, InfoEvent and ScoreEvent, and, for writing only,
// SampleInitEvent, StateEvent and StoreEvent; RawEvent carries any other of Inspect's event types
// verbatim (reading keeps those three as RawEvent too, so that nothing is lost).
type Event interface {
	// EventType returns the event discriminator, e.g. "span_begin".
	EventType() string
}

// EventBase holds the fields every event has. Timestamp and WorkingStart (seconds of working
// time since the sample started) are required; SpanID ties the event to the span it happened
// in, e.g. a member's agent span.
type EventBase struct {
	UUID         string         `json:"uuid,omitempty"`
	SpanID       string         `json:"span_id,omitempty"`
	Timestamp    Time           `json:"timestamp"`
	WorkingStart float64        `json:"working_start"`
	Metadata     map[string]any `json:"metadata,omitempty"`
	Pending      *bool          `json:"pending,omitempty"`
}

// marshalEvent writes an event as Inspect does: the base fields, then "event", then the
// event's own fields (body, an object without the base fields).
func marshalEvent(kind string, base EventBase, body any) ([]byte, error) {
	head, err := jsonenc.Marshal(base)
	if err != nil {
		return nil, err
	}
	rest, err := jsonenc.Marshal(body)
	if err != nil {
		return nil, fmt.Errorf("%s event: %w", kind, err)
	}
	var buf bytes.Buffer
	buf.Write(head[:len(head)-1])
	fmt.Fprintf(&buf, `,"event":%q`, kind)
	if len(rest) > 2 {
		buf.WriteByte(',')
		buf.Write(rest[1:])
	} else {
		buf.WriteByte('}')
	}
	return buf.Bytes(), nil
}

// unmarshalEvent reads the base fields and the event's own fields from one object.
func unmarshalEvent(b []byte, base *EventBase, body any) error {
	if err := json.Unmarshal(b, base); err != nil {
		return err
	}
	return json.Unmarshal(b, body)
}

// Events is a transcript. Reading decodes each event into a value (not a pointer) of its
// concrete type, by the "event" field.
type Events []Event

// UnmarshalJSON decodes each event by its discriminator, keeping unknown types as RawEvent.
func (es *Events) UnmarshalJSON(b []byte) error {
	var raws []json.RawMessage
	if err := json.Unmarshal(b, &raws); err != nil {
		return err
	}
	out := make(Events, 0, len(raws))
	for i, raw := range raws {
		e, err := decodeEvent(raw)
		if err != nil {
			return fmt.Errorf("evallog: event %d: %w", i, err)
		}
		out = append(out, e)
	}
	*es = out
	return nil
}

// decodeEvent decodes one event by its discriminator into a value of its concrete type.
func decodeEvent(raw json.RawMessage) (Event, error) {
	var head struct {
		Event string `json:"event"`
	}
	if err := json.Unmarshal(raw, &head); err != nil {
		return nil, err
	}
	switch head.Event {
	case "span_begin":
		return decodeAs[SpanBeginEvent](raw)
	case "span_end":
		return decodeAs[SpanEndEvent](raw)
	case "model":
		return decodeAs[ModelEvent](raw)
	case "tool":
		return decodeAs[ToolEvent](raw)
	case "info":
		return decodeAs[InfoEvent](raw)
	case "score":
		return decodeAs[ScoreEvent](raw)
	}
	return RawEvent{Type: head.Event, JSON: append(json.RawMessage(nil), raw...)}, nil
}

// decodeAs decodes raw into a T.
func decodeAs[T Event](raw json.RawMessage) (Event, error) {
	var e T
	if err := json.Unmarshal(raw, &e); err != nil {
		return nil, fmt.Errorf("%s: %w", e.EventType(), err)
	}
	return e, nil
}

// RawEvent is an event of a type this package does not model (sample_init, state, store, step,
// sample_limit, error, ...), kept verbatim so that a log read and written again loses nothing.
// The host may also use it to write such events; JSON must then be a complete event object.
type RawEvent struct {
	Type string
	JSON json.RawMessage
}

// EventType returns the event's discriminator.
func (e RawEvent) EventType() string { return e.Type }

// MarshalJSON writes the event as it was read.
func (e RawEvent) MarshalJSON() ([]byte, error) {
	if len(e.JSON) == 0 {
		return nil, fmt.Errorf("evallog: raw %q event has no JSON", e.Type)
	}
	return e.JSON, nil
}

// BaseOf returns the base fields of an event of one of this package's types (value or
// pointer); false for a RawEvent or a type of another package.
func BaseOf(e Event) (EventBase, bool) {
	switch e := e.(type) {
	case *SpanBeginEvent:
		return e.EventBase, true
	case SpanBeginEvent:
		return e.EventBase, true
	case *SpanEndEvent:
		return e.EventBase, true
	case SpanEndEvent:
		return e.EventBase, true
	case *ModelEvent:
		return e.EventBase, true
	case ModelEvent:
		return e.EventBase, true
	case *ToolEvent:
		return e.EventBase, true
	case ToolEvent:
		return e.EventBase, true
	case *InfoEvent:
		return e.EventBase, true
	case InfoEvent:
		return e.EventBase, true
	case *ScoreEvent:
		return e.EventBase, true
	case ScoreEvent:
		return e.EventBase, true
	case *SampleLimitEvent:
		return e.EventBase, true
	case SampleLimitEvent:
		return e.EventBase, true
	case *SampleInitEvent:
		return e.EventBase, true
	case *StateEvent:
		return e.EventBase, true
	case *StoreEvent:
		return e.EventBase, true
	}
	return EventBase{}, false
}
