package evallog

import (
	"encoding/json"
	"fmt"
	"io"
	"iter"

	"github.com/swarmhost/swarmhost/host/evallog/condense"
	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// changesOf is a state or store event's kind, base and changes; ok is false for any other
// event. writeSampleAt streams these events (see writeChanges): a swarm's closing events
// repeat its result record, ledger and metrics, several MB each for a large swarm.
func changesOf(e Event) (kind string, base *EventBase, changes []JSONPatch, ok bool) {
	switch x := e.(type) {
	case *StateEvent:
		return x.EventType(), &x.EventBase, x.Changes, true
	case StateEvent:
		return x.EventType(), &x.EventBase, x.Changes, true
	case *StoreEvent:
		return x.EventType(), &x.EventBase, x.Changes, true
	case StoreEvent:
		return x.EventType(), &x.EventBase, x.Changes, true
	}
	return "", nil, nil, false
}

// writeEvents writes the sample's events, condensed, into its events list (after its '['
// up to before its ']'): each encoded on its own, those that can be large streamed.
func writeEvents(w io.Writer, events iter.Seq[Event], c *condenser, prefix, what string) error {
	ew := eventWriter{w: w, c: c, encode: eventEncoder(prefix), inner: prefix + "    ",
		js: jsonenc.NewStream(w, prefix != "", prefix+"    ", 0)}
	n := 0
	for e := range readAhead(events) {
		sep := ",\n" + ew.inner
		if n == 0 {
			sep = "\n" + ew.inner
		}
		if _, err := io.WriteString(w, sep); err != nil {
			return err
		}
		if err := ew.write(e); err != nil {
			return fmt.Errorf("evallog: encode %s event %d: %w", what, n, err)
		}
		n++
	}
	if n > 0 {
		if _, err := io.WriteString(w, "\n"+prefix+"  "); err != nil {
			return err
		}
	}
	return nil
}

// eventWriter writes a sample's events condensed: the state and store events and the info
// events with a payload streamed through js (indenting in a JSON log, compacting in an .eval
// sample, as encode does), the others encoded whole, one at a time.
type eventWriter struct {
	w      io.Writer
	c      *condenser
	encode func(any, string) ([]byte, error)
	inner  string
	js     *jsonenc.Stream
}

// write writes one event.
func (ew *eventWriter) write(e Event) error {
	if kind, base, changes, ok := changesOf(e); ok {
		if err := ew.c.writeChanges(ew.js, kind, base, changes); err != nil {
			return err
		}
		return ew.js.Flush()
	}
	if info, ok := infoOf(e); ok {
		if err := ew.c.writeInfo(ew.js, info); err != nil {
			return err
		}
		return ew.js.Flush()
	}
	ce, err := ew.c.event(e, true)
	if err != nil {
		return err
	}
	part, err := ew.encode(ce, ew.inner)
	if err != nil {
		return err
	}
	_, err = ew.w.Write(part)
	return err
}

// infoOf is an info event whose data is not a string (a payload, the swarm's ledger and
// metrics among them, which writeSampleAt streams); ok is false for any other event.
func infoOf(e Event) (*InfoEvent, bool) {
	var info *InfoEvent
	switch x := e.(type) {
	case *InfoEvent:
		info = x
	case InfoEvent:
		info = &x
	default:
		return nil, false
	}
	if _, isText := info.Data.(string); isText {
		return nil, false
	}
	return info, true
}

// eventHead is the start of an event's encoding: its base fields and "event" (marshalEvent's
// head), without the closing brace.
func eventHead(kind string, base *EventBase) ([]byte, error) {
	head, err := jsonenc.Marshal(*base)
	if err != nil {
		return nil, err
	}
	b := append(head[:len(head)-1:len(head)-1], `,"event":`...)
	return jsonenc.AppendString(b, kind), nil
}

// writeInfo writes an info event condensed, as encoding the event c.event returns for it
// would, its data streamed into js (encoded once, never copied).
func (c *condenser) writeInfo(js *jsonenc.Stream, e *InfoEvent) error {
	b, err := eventHead(e.EventType(), &e.EventBase)
	if err != nil {
		return err
	}
	if e.Source != "" {
		b = append(b, `,"source":`...)
		b = jsonenc.AppendString(b, e.Source)
	}
	js.Write(append(b, `,"data":`...))
	if err := c.writeValue(js, e.Data, false); err != nil {
		return err
	}
	_, err = js.WriteString("}")
	return err
}

// writeChanges writes a state or store event condensed, byte for byte as encoding the event
// c.event returns for it would (its MarshalJSON, then the stream's indenting or compacting),
// each change's value streamed into js instead of encoded whole: a json.RawMessage value
// (a swarm's record) is condensed as it is written.
func (c *condenser) writeChanges(js *jsonenc.Stream, kind string, base *EventBase, changes []JSONPatch) error {
	b, err := eventHead(kind, base)
	if err != nil {
		return err
	}
	b = append(b, `,"changes":[`...)
	for i, p := range changes {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"op":`...)
		b = jsonenc.AppendString(b, p.Op)
		b = append(b, `,"path":`...)
		b = jsonenc.AppendString(b, p.Path)
		if p.From != "" {
			b = append(b, `,"from":`...)
			b = jsonenc.AppendString(b, p.From)
		}
		b = append(b, `,"value":`...)
		js.Write(b)
		b = b[:0]
		if err := c.writeValue(js, p.Value, true); err != nil {
			return err
		}
		replaced, err := jsonenc.Marshal(p.Replaced)
		if err != nil {
			return err
		}
		b = append(b, `,"replaced":`...)
		b = append(b, jsonenc.FromSentinels(replaced)...)
		b = append(b, '}')
	}
	b = append(b, "]}"...)
	_, err = js.Write(b)
	return err
}

// writeValue writes one value condensed (c.jsonValue), encoded as marshal would: a
// json.RawMessage, or any value jsonValue would encode to walk it (a struct: a swarm's
// ledger, say), is condensed as it is written. A large raw value found valid is
// remembered (noteChecked) only when remember is set: the store's and state's changes,
// whose values the sample entry holds anyway; remembering an info event's would keep
// its bytes alive until the sample is written.
func (c *condenser) writeValue(js *jsonenc.Stream, v any, remember bool) error {
	switch v.(type) {
	case nil, bool, float64, float32, int, int64, int32, uint64, json.Number, Float, string, map[string]any, []any:
		b, err := jsonenc.Marshal(c.JSONValue(v, condense.EventText))
		if err != nil {
			return err
		}
		_, err = js.Write(jsonenc.FromSentinels(b))
		return err
	}
	raw, isRaw := v.(json.RawMessage)
	if !isRaw {
		enc, err := jsonenc.Marshal(v) // encoding/json's output: valid JSON
		if err != nil {
			return err
		}
		return c.WriteValid(js, enc, condense.EventText)
	}
	if raw == nil {
		_, err := js.WriteString("null")
		return err
	}
	if c.checked(raw) {
		return c.WriteValid(js, raw, condense.EventText)
	}
	if err := c.WriteRaw(js, raw, condense.EventText); err != nil {
		return err
	}
	if remember {
		c.noteChecked(raw)
	}
	return nil
}

// checked reports whether raw, the very bytes (not a copy), was found to be valid JSON
// before in this sample (noteChecked): a swarm's closing events repeat its store's values,
// the same json.RawMessage several MB long each time, and checking each was a tenth of a
// 10 000-member sample's writing. The bytes of a sample being written do not change.
func (c *condenser) checked(raw json.RawMessage) bool {
	return len(raw) >= checkedMin && c.valid[rawKey{&raw[0], len(raw)}]
}

// noteChecked notes raw as valid JSON for checked.
func (c *condenser) noteChecked(raw json.RawMessage) {
	if len(raw) < checkedMin {
		return
	}
	if c.valid == nil {
		c.valid = map[rawKey]bool{}
	}
	c.valid[rawKey{&raw[0], len(raw)}] = true
}

// checkedMin is the shortest raw value condenser.checked remembers: checking a short one again
// costs less than remembering it.
const checkedMin = 4 << 10

// rawKey names a raw value by where its bytes are and how many.
type rawKey struct {
	at *byte
	n  int
}
