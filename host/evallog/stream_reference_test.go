package evallog

// The whole-buffer sample encoding writeSampleAt replaced (each large event, the shell with
// its store, the attachments and pools encoded whole, then copied), kept as the reference
// TestStreamedSampleMatchesWholeBuffers compares the streamed bytes with.

import (
	"bytes"
	"fmt"
	"io"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// writeSampleWholeRef writes one sample as writeSample does, indented under prefix ("" for a sample
// that is a document of its own, as in an .eval log).
func writeSampleWholeRef(w io.Writer, s EvalSample, prefix string) error {
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
	key := "\n      \"events\": []"
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
	rest, err := withCondensedRef(shell[at:], c, prefix, what)
	if err != nil {
		return err
	}
	if timelines != nil {
		return writeTimelinesRef(w, rest, timelines(), prefix+"  ", what)
	}
	_, err = w.Write(rest)
	return err
}

// withCondensedRef is the rest of a sample's shell (from its events' ']') with the condenser's
// attachments in place of the shell's empty ones and the events data after them.
func withCondensedRef(rest []byte, c *condenser, prefix, what string) ([]byte, error) {
	key := "\n" + prefix + "  \"attachments\": {}"
	i := bytes.Index(rest, []byte(key))
	if i < 0 {
		return nil, fmt.Errorf("evallog: encode %s: no attachments member in the encoded sample", what)
	}
	att, data, err := tailRef(c)
	if err != nil {
		return nil, err
	}
	if prefix != "" {
		if att, err = indent(att, prefix+"  "); err != nil {
			return nil, err
		}
		if data, err = indent(data, prefix+"  "); err != nil {
			return nil, err
		}
	} else {
		att, data = jsonenc.FromSentinels(att), jsonenc.FromSentinels(data)
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

// writeTimelinesRef writes the rest of a sample's shell (rest, from the events list's ']') with
// the timelines the event stream gathered just after the events, where Python writes them.
// The shell has no timelines of its own: writeSample encodes it without.
func writeTimelinesRef(w io.Writer, rest []byte, tls []Timeline, keyPrefix, what string) error {
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

// tailRef is the sample's attachments and events data, compact and with the non-finite
// sentinels, as the condenser writes them for a sample that is a document of its own (package
// condense checks that writing against its own whole-buffer reference).
func tailRef(c *condenser) (attachments, eventsData []byte, err error) {
	var buf bytes.Buffer
	if err := c.WriteTail(&buf, ""); err != nil {
		return nil, nil, err
	}
	att, data, ok := bytes.Cut(buf.Bytes(), []byte(",\n  \"events_data\": "))
	if !ok {
		return nil, nil, fmt.Errorf("no events_data in the condenser's tail %.80q", buf.Bytes())
	}
	return jsonenc.ToSentinels(att), jsonenc.ToSentinels(data), nil
}
