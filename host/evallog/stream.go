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
	full := s
	events, timelines := full.events, full.TimelinesAfter
	s.Events, s.EventStream, s.TimelinesAfter = Events{}, nil, nil
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
		part, err := encode(e, inner, fmt.Sprintf("%s event %d", what, n))
		if err != nil {
			return err
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
	if timelines != nil {
		return writeTimelines(w, shell[at:], timelines(), prefix+"  ", what)
	}
	_, err = w.Write(shell[at:])
	return err
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
func eventEncoder(prefix string) func(any, string, string) ([]byte, error) {
	return func(v any, inner, what string) ([]byte, error) {
		raw, err := marshalEventValue(v)
		if err != nil {
			return nil, fmt.Errorf("evallog: encode %s: %w", what, err)
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
