package evallog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// eventsKey is the sample's "events" member as the shell of writeSample
// encodes it: a sample's own keys sit at 6 spaces (its 4-space prefix plus
// one level), and a newline inside a JSON string is escaped, so only the
// sample's own key can match.
const eventsKey = "\n      \"events\": []"

// writeSample writes one sample indented for its place in the samples
// list, event by event: the sample without its events, with each event
// encoded on its own spliced into the "events" list. The output is the same
// as encoding the whole sample at once, but only one event is ever encoded
// in memory, where the whole sample (over 100 MB for a 10 000-member swarm)
// went through several full-size buffers.
func writeSample(w io.Writer, s EvalSample) error { return writeSampleAt(w, s, "    ") }

// writeSampleAt writes one sample as writeSample does, indented under prefix ("" for a sample
// that is a document of its own, as in an .eval log).
func writeSampleAt(w io.Writer, s EvalSample, prefix string) error {
	what := fmt.Sprintf("sample %s epoch %d", s.ID, s.Epoch)
	c, err := condenseShell(&s)
	if err != nil {
		return fmt.Errorf("evallog: encode %s: %w", what, err)
	}
	full := s
	events, timelines := full.events, full.TimelinesAfter
	s.Events, s.EventStream, s.TimelinesAfter, s.shell = Events{}, nil, nil, true
	shell, err := encodeIndented(s, prefix, what)
	if err != nil {
		return err
	}
	key := eventsKey
	if prefix != "    " {
		key = "\n" + prefix + "  \"events\": []"
	}
	at := bytes.Index(shell, []byte(key))
	if at < 0 {
		return fmt.Errorf("evallog: encode %s: no events member in the encoded sample", what)
	}
	at += len(key) - 1 // before the list's ']'
	if _, err := w.Write(shell[:at]); err != nil {
		return err
	}
	inner := prefix + "    "
	encode := eventEncoder(prefix)
	n := 0
	for e := range events {
		ce, err := c.event(e, true)
		if err != nil {
			return fmt.Errorf("evallog: encode %s event %d: %w", what, n, err)
		}
		part, err := encode(ce, inner)
		if err != nil {
			return fmt.Errorf("evallog: encode %s event %d: %w", what, n, err)
		}
		sep := ",\n" + inner
		if n == 0 {
			sep = "\n" + inner
		}
		if _, err := io.WriteString(w, sep); err != nil {
			return err
		}
		if _, err := w.Write(part); err != nil {
			return err
		}
		n++
	}
	if n > 0 {
		if _, err := io.WriteString(w, "\n"+prefix+"  "); err != nil {
			return err
		}
	}
	rest, err := withCondensed(shell[at:], c, prefix, what)
	if err != nil {
		return err
	}
	if timelines != nil {
		return writeTimelines(w, rest, timelines(), prefix+"  ", what)
	}
	_, err = w.Write(rest)
	return err
}

// condenseShell starts the condensing of s (see condenser): it walks what the sample holds
// besides its events — the retried attempts' events, the input and the messages — whose
// attachments Inspect creates after the events' ones, and leaves the attachments to the
// condenser.
func condenseShell(s *EvalSample) (*condenser, error) {
	c := newCondenser(s.Attachments)
	c.deferred = true
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
	s.Input.Messages = c.messages(s.Input.Messages, messageMedia)
	s.Messages = c.messages(s.Messages, messageMedia)
	c.deferred = false
	s.Attachments = nil
	return c, nil
}

// withCondensed is the rest of a sample's shell (from its events' ']') with the condenser's
// attachments in place of the shell's empty ones and the events data after them.
func withCondensed(rest []byte, c *condenser, prefix, what string) ([]byte, error) {
	key := "\n" + prefix + "  \"attachments\": {}"
	i := bytes.Index(rest, []byte(key))
	if i < 0 {
		return nil, fmt.Errorf("evallog: encode %s: no attachments member in the encoded sample", what)
	}
	att, data := c.tail()
	if prefix != "" {
		var err error
		if att, err = indent(att, prefix+"  "); err != nil {
			return nil, err
		}
		if data, err = indent(data, prefix+"  "); err != nil {
			return nil, err
		}
	} else {
		att, data = fromSentinels(att), fromSentinels(data)
	}
	var buf bytes.Buffer
	buf.Grow(len(rest) + len(att) + len(data) + 64)
	buf.Write(rest[:i+len(key)-2])
	buf.Write(att)
	buf.WriteString(",\n" + prefix + "  \"events_data\": ")
	buf.Write(data)
	buf.Write(rest[i+len(key):])
	return buf.Bytes(), nil
}

// writeTimelines writes the rest of a sample's shell (rest, from the events list's ']') with
// the timelines the event stream gathered just after the events, where Python writes them.
// The shell has no timelines of its own: writeSample encodes it without.
func writeTimelines(w io.Writer, rest []byte, tls []Timeline, keyPrefix, what string) error {
	if len(tls) == 0 {
		_, err := w.Write(rest)
		return err
	}
	part, err := encodeIndented(tls, keyPrefix, what+" timelines")
	if err != nil {
		return err
	}
	if _, err := w.Write(rest[:1]); err != nil {
		return err
	}
	if _, err := io.WriteString(w, ",\n"+keyPrefix+"\"timelines\": "); err != nil {
		return err
	}
	if _, err := w.Write(part); err != nil {
		return err
	}
	_, err = w.Write(rest[1:])
	return err
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
		return fromSentinels(raw), nil
	}
}

// marshalEventValue encodes one event as marshal does.
func marshalEventValue(v any) ([]byte, error) {
	if m, ok := v.(json.Marshaler); ok {
		return m.MarshalJSON()
	}
	return marshal(v)
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
	if err := json.Compact(&out, toSentinels(buf.Bytes())); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
