package condense

import (
	"encoding/json"
	"io"
	"maps"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// A sample is written condensed, as Inspect 0.3.285's recorders write every sample
// (inspect_ai/log/_condense.py, condense_sample):
//
//   - in the fields Inspect walks (a message's content, tool call arguments, a tool's
//     description, a model call's request and response, info data, sample_init's input and
//     state, state and store changes), a text of over 100 characters is written as
//     "attachment://<key>" and once, under its key, in the sample's "attachments"; in the
//     sample's own input and messages only data URIs are; [Key] is Inspect's hash, so one
//     text has one key;
//   - a model event's input is written as "input": [] and "input_refs", ranges into the
//     sample's "events_data" message pool, which holds each distinct message (equal but for
//     its id) once; a model call's request messages likewise go to the "calls" pool
//     ("call_refs", "call_key").
//
// A Condenser does this for one sample as its events are written, one at a time: the pools and
// attachments it builds (each distinct text once) are written after the events, where the
// sample's "attachments" and "events_data" keys are ([Condenser.WriteTail]). It walks JSON
// (raw, or decoded into maps and lists); host/evallog walks its typed events and messages with
// it. [Resolve], [ExpandRefs] and [ExpandCall] expand a condensed sample back.
type Condenser struct {
	existing map[string]string // the sample's own attachments, when it came with some
	keys     map[string]bool   // the attachments written or to be
	order    []attachment      // the attachments, in the order Inspect creates them
	later    []attachment      // created while deferring
	deferred bool
	msgIndex map[[2]uint64]int // a walked message without its id -> its place in msgPool
	msgPool  [][]byte          // each distinct walked message, compact, with the first id seen
	calls    map[[2]uint64]int
	callPool [][]byte
}

// attachment is one text of the sample's attachments, under its key.
type attachment struct{ key, text string }

// MaxText is the longest text an event keeps inline (Inspect's events_attachment_fn).
const MaxText = 100

// dataURI matches a data URI with a base64 payload (Inspect's is_data_uri).
var dataURI = regexp.MustCompile(`^data:[^,]*;base64,`)

// New starts a sample's condensing; existing are the sample's own attachments.
func New(existing map[string]string) *Condenser {
	return &Condenser{existing: existing, keys: map[string]bool{}, msgIndex: map[[2]uint64]int{},
		calls: map[[2]uint64]int{}}
}

// Defer sets whether the attachments made from now on are created after those made while not
// deferring, as Inspect creates a sample's: its events' first, then the retried attempts',
// input's and messages' walked before them.
func (c *Condenser) Defer(on bool) { c.deferred = on }

// resolve is text, or the attachment it names when it names one of the sample's own.
func (c *Condenser) resolve(text string) string {
	if len(c.existing) > 0 && strings.HasPrefix(text, Protocol) {
		if v, ok := c.existing[text[len(Protocol):]]; ok {
			return v
		}
	}
	return text
}

// Policy says which texts become attachments.
type Policy int

// The policies: Inspect's events_attachment_fn and messages_attachment_fn.
const (
	// eventText makes a text of over 100 characters an attachment (in events).
	EventText Policy = iota
	// messageMedia makes only a data URI an attachment (in the sample's input and messages).
	MessageMedia
)

// Apply is the text s under policy p.
func (c *Condenser) Apply(p Policy, s string) string {
	if p == MessageMedia {
		return c.media(s)
	}
	return c.Text(s)
}

// Text is the events' policy: a text of over 100 characters becomes an attachment.
func (c *Condenser) Text(s string) string {
	s = c.resolve(s)
	if len(s) <= MaxText || (len(s) <= 4*MaxText && utf8.RuneCountInString(s) <= MaxText) {
		return s
	}
	return c.attach(s)
}

// media is the messages' policy: only a data URI becomes an attachment.
func (c *Condenser) media(s string) string {
	s = c.resolve(s)
	if strings.HasPrefix(s, "data:") && dataURI.MatchString(s) {
		return c.attach(s)
	}
	return s
}

// attach records text as an attachment and returns its reference.
func (c *Condenser) attach(text string) string {
	text = validUTF8(text)
	key := Key(text)
	if c.deferred {
		c.later = append(c.later, attachment{key: key, text: text})
	} else if !c.keys[key] {
		c.keys[key] = true
		c.order = append(c.order, attachment{key: key, text: text})
	}
	return Protocol + key
}

// validUTF8 is s as encoding/json writes it, and so as Inspect reads it: each invalid byte
// replaced by U+FFFD.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		b.WriteRune(r) // utf8.RuneError for an invalid byte, as encoding/json writes it
		i += n
	}
	return b.String()
}

// walkRaw rewrites the strings of one JSON value (not its keys) under policy.
func (c *Condenser) walkRaw(b []byte, p Policy) []byte {
	return jsonenc.RewriteStrings(b, c.minLen(p), func(s string) (string, bool) {
		r := c.Apply(p, s)
		return r, r != s
	})
}

// minLen is the shortest string token (quotes included) policy p can change.
func (c *Condenser) minLen(p Policy) int {
	minLen := MaxText + 3 // a token's bytes, quotes included
	if p == MessageMedia {
		minLen = len(`"data:;base64,"`)
	}
	if len(c.existing) > 0 {
		minLen = min(minLen, len(Protocol)+2)
	}
	return minLen
}

// WriteTail writes the sample's attachments, then the "events_data" member's separator
// (under prefix), then its events data, each as the compact JSON Inspect's condensing gives,
// indented under prefix when prefix is not "" (a JSON log's sample), the non-finite sentinels
// as bare tokens: streamed from the condenser's texts and pools, never copied whole.
func (c *Condenser) WriteTail(w io.Writer, prefix string) error {
	for _, m := range c.later {
		if !c.keys[m.key] {
			c.keys[m.key] = true
			c.order = append(c.order, m)
		}
	}
	c.later = nil
	stream := func() *jsonenc.Stream {
		if prefix == "" {
			return jsonenc.NewVerbatimStream(w)
		}
		return jsonenc.NewStream(w, true, prefix+"  ", 0)
	}
	js := stream()
	js.WriteString("{")
	var scratch []byte
	n := 0
	for _, k := range slices.Sorted(maps.Keys(c.existing)) {
		if c.keys[k] {
			continue
		}
		scratch = appendAttachment(scratch[:0], n, k, c.existing[k])
		js.Write(jsonenc.FromSentinels(scratch))
		n++
	}
	for _, m := range c.order {
		scratch = appendAttachment(scratch[:0], n, m.key, m.text)
		js.Write(jsonenc.FromSentinels(scratch))
		n++
	}
	js.WriteString("}")
	if err := js.Flush(); err != nil {
		return err
	}
	if _, err := io.WriteString(w, ",\n"+prefix+"  \"events_data\": "); err != nil {
		return err
	}
	js = stream()
	js.WriteString(`{"messages":`)
	writePool(js, c.msgPool)
	js.WriteString(`,"calls":`)
	writePool(js, c.callPool)
	js.WriteString("}")
	return js.Flush()
}

// writePool writes a pool's elements as a compact JSON array.
func writePool(js *jsonenc.Stream, elems [][]byte) {
	js.WriteString("[")
	for i, e := range elems {
		if i > 0 {
			js.WriteString(",")
		}
		js.Write(jsonenc.FromSentinels(e))
	}
	js.WriteString("]")
}

// appendAttachment appends the n-th member of the attachments object.
func appendAttachment(b []byte, n int, key, text string) []byte {
	if n > 0 {
		b = append(b, ',')
	}
	b = jsonenc.AppendString(b, key)
	b = append(b, ':')
	return jsonenc.AppendString(b, text)
}

// CompressRefs range-encodes pool indices: [0 1 2 5] is [[0 3] [5 6]] (end exclusive).
func CompressRefs(idx []int) [][2]int {
	var out [][2]int
	for _, i := range idx {
		if n := len(out); n > 0 && out[n-1][1] == i {
			out[n-1][1]++
			continue
		}
		out = append(out, [2]int{i, i + 1})
	}
	return out
}

// WriteRaw writes a raw JSON value with its strings under policy p (c.raw), as encoding/json
// writes a json.RawMessage (compact; the stream indents it when it indents).
func (c *Condenser) WriteRaw(w *jsonenc.Stream, raw []byte, p Policy) error {
	if !json.Valid(raw) {
		return jsonenc.ErrInvalidRaw
	}
	return c.WriteValid(w, raw, p)
}

// WriteValid is WriteRaw of raw JSON known to be valid (encoding/json's own output, or a
// value WriteRaw already checked), which is not checked again: raw that is not valid JSON
// gives a log that is not either.
func (c *Condenser) WriteValid(w *jsonenc.Stream, raw []byte, p Policy) error {
	last := 0
	var scratch []byte
	jsonenc.ForEachString(raw, c.minLen(p), func(s string) (string, bool) {
		r := c.Apply(p, s)
		return r, r != s
	}, func(start, end int, repl string) {
		w.Write(jsonenc.FromSentinels(raw[last:start]))
		scratch = jsonenc.AppendString(scratch[:0], repl)
		w.Write(scratch)
		last = end
	})
	_, err := w.Write(jsonenc.FromSentinels(raw[last:]))
	return err
}
