package evallog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/swarmhost/swarmhost/host/evallog/condense"
	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// writeSample writes one sample indented for its place in the samples
// list, event by event: the sample without its events, with each event
// encoded on its own spliced into the "events" list. The output is the same
// as encoding the whole sample at once, but only one event is ever encoded
// in memory, where the whole sample (over 100 MB for a 10 000-member swarm)
// went through several full-size buffers.
func writeSample(w io.Writer, s EvalSample) error { return writeSampleAt(w, s, "    ") }

// writeSampleAt writes one sample as writeSample does, indented under prefix ("" for a sample
// that is a document of its own, as in an .eval log). Nothing of the sample is encoded whole
// but its shell (the sample without its store, events, timelines, attachments and pools): the
// store, each event, the timelines and the condensed attachments and pools are written into
// w as they are encoded, the large ones (the store, the state and store events that repeat
// it, the pools) streamed through a jsonStream.
func writeSampleAt(w io.Writer, s EvalSample, prefix string) error {
	what := fmt.Sprintf("sample %s epoch %d", s.ID, s.Epoch)
	c, err := condenseShell(&s)
	if err != nil {
		return fmt.Errorf("evallog: encode %s: %w", what, err)
	}
	full := s
	events, timelines, store := full.events, full.TimelinesAfter, full.Store
	s.Events, s.EventStream, s.TimelinesAfter, s.Store, s.shell = Events{}, nil, nil, nil, true
	shell, err := encodeIndented(s, prefix, what)
	if err != nil {
		return err
	}
	at, err := layOut(shell, prefix)
	if err != nil {
		return fmt.Errorf("evallog: encode %s: %w", what, err)
	}
	if _, err := w.Write(shell[:at.store]); err != nil {
		return err
	}
	if err := writeStore(w, store, prefix); err != nil {
		return fmt.Errorf("evallog: encode %s store: %w", what, err)
	}
	if _, err := w.Write(shell[at.store+2 : at.events]); err != nil {
		return err
	}
	if err := writeEvents(w, events, c, prefix, what); err != nil {
		return err
	}
	if _, err := io.WriteString(w, "]"); err != nil {
		return err
	}
	if timelines != nil {
		if err := writeTimelines(w, timelines(), prefix+"  ", what); err != nil {
			return err
		}
	}
	if _, err := w.Write(shell[at.events+1 : at.attachments]); err != nil {
		return err
	}
	if err := c.WriteTail(w, prefix); err != nil {
		return err
	}
	_, err = w.Write(shell[at.attachments+2:])
	return err
}

// shellLayout is where a sample's shell has its empty store ({}), events list ([], at its
// ']') and attachments ({}), which writeSampleAt fills.
type shellLayout struct{ store, events, attachments int }

// layOut finds the members writeSampleAt fills in an encoded shell. A sample's own keys sit
// at one level under prefix, and a newline inside a JSON string is escaped, so only the
// sample's own keys can match.
func layOut(shell []byte, prefix string) (shellLayout, error) {
	var at shellLayout
	from := 0
	for _, m := range []struct {
		key   string
		empty string
		dst   *int
	}{{"store", "{}", &at.store}, {"events", "[]", &at.events}, {"attachments", "{}", &at.attachments}} {
		key := "\n" + prefix + "  \"" + m.key + "\": " + m.empty
		i := bytes.Index(shell[from:], []byte(key))
		if i < 0 {
			return at, fmt.Errorf("no %s member in the encoded sample", m.key)
		}
		from += i + len(key)
		*m.dst = from - 2
	}
	at.events++ // at the list's ']'
	return at, nil
}

// writeStore writes the sample's store at its place in the sample (under prefix, one level
// in), each value streamed.
func writeStore(w io.Writer, store Store, prefix string) error {
	if len(store) == 0 {
		_, err := io.WriteString(w, "{}")
		return err
	}
	js := jsonenc.NewStream(w, true, prefix, 1)
	js.EscapeHTML = true
	if err := store.writeTo(js); err != nil {
		return err
	}
	return js.Flush()
}

// condenseShell starts the condensing of s (see condenser): it walks what the sample holds
// besides its events — the retried attempts' events, the input and the messages — whose
// attachments Inspect creates after the events' ones, and leaves the attachments to the
// condenser.
func condenseShell(s *EvalSample) (*condenser, error) {
	c := newCondenser(s.Attachments)
	c.Defer(true)
	if err := c.seed(s.EventsData); err != nil {
		return nil, err
	}
	s.EventsData = nil
	if s.ErrorRetries != nil {
		retries := make([]EvalRetryError, len(s.ErrorRetries))
		for i, r := range s.ErrorRetries {
			if r.Events != nil {
				evs := make(Events, len(r.Events))
				for j, e := range r.Events {
					ce, err := c.event(e, false)
					if err != nil {
						return nil, err
					}
					evs[j] = ce
				}
				r.Events = evs
			}
			retries[i] = r
		}
		s.ErrorRetries = retries
	}
	s.Input.Messages = c.messages(s.Input.Messages, condense.MessageMedia)
	s.Messages = c.messages(s.Messages, condense.MessageMedia)
	c.Defer(false)
	s.Attachments = nil
	return c, nil
}

// writeTimelines writes the timelines the event stream gathered just after the events list,
// where Python writes them, each encoded on its own (the shell has no timelines of its own:
// writeSampleAt encodes it without).
func writeTimelines(w io.Writer, tls []Timeline, keyPrefix, what string) error {
	if len(tls) == 0 {
		return nil
	}
	if _, err := io.WriteString(w, ",\n"+keyPrefix+"\"timelines\": "); err != nil {
		return err
	}
	js := jsonenc.NewStream(w, true, keyPrefix, 0)
	js.WriteString("[")
	var b []byte
	for i, tl := range tls {
		if i > 0 {
			js.WriteString(",")
		}
		b = appendTimeline(b[:0], tl)
		js.Write(b)
	}
	js.WriteString("]")
	if err := js.Flush(); err != nil {
		return fmt.Errorf("evallog: write %s timelines: %w", what, err)
	}
	return nil
}

// eventEncoder is how writeSampleAt encodes each event: indented in a JSON
// log (whose samples sit in the log's samples list, prefix "    "), compact
// in an .eval log's sample document (prefix ""), as Inspect writes them
// there. Events are nearly all of a large sample's bytes, and indenting
// them was a quarter of the host's CPU in a 10 000-member swarm.
//
// An event's own MarshalJSON (marshalEvent) already gives compact JSON, so
// it is called directly: through encoding/json its whole output was
// scanned and copied once more (compacted), ~5 % of host CPU for a large
// swarm's log. The bytes are the same.
func eventEncoder(prefix string) func(any, string) ([]byte, error) {
	return func(v any, inner string) ([]byte, error) {
		raw, err := encodeEvent(v)
		if err != nil {
			return nil, err
		}
		if prefix != "" {
			return indent(raw, inner)
		}
		return jsonenc.FromSentinels(raw), nil
	}
}

// marshalEventValue encodes one event as marshal does.
func marshalEventValue(v any) ([]byte, error) {
	if m, ok := v.(json.Marshaler); ok {
		return m.MarshalJSON()
	}
	return jsonenc.Marshal(v)
}

// marshalCondensed is EvalSample.MarshalJSON: the sample as writeSampleAt writes it, compact,
// with the non-finite numbers as sentinels (MarshalJSON must return JSON).
func marshalCondensed(s EvalSample) ([]byte, error) {
	var buf bytes.Buffer
	if err := writeSampleAt(&buf, s, ""); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	out.Grow(buf.Len())
	if err := json.Compact(&out, jsonenc.ToSentinels(buf.Bytes())); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
