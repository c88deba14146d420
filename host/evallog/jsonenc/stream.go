package jsonenc

import (
	"io"
	"unicode/utf8"
)

// Stream writes the JSON written to it reformatted as it arrives, byte for byte as
// json.Indent (indent set: two spaces a level under prefix, starting at depth) or, without
// indent, json.Compact would write it, without holding the document: the large values of a
// sample (the store a 10 000-member swarm's closing events repeat, the condensed pools) go
// through it straight into the compressor instead of through whole-value buffers. It does
// not validate: what is written to it must be valid JSON (the encoders' output, or a
// json.RawMessage checked with json.Valid), and may be split anywhere. With EscapeHTML it
// also escapes <, >, &, U+2028 and U+2029 as json.Marshal's compaction of a raw value does.
// Call Flush when done.
type Stream struct {
	w io.Writer
	// verbatim passes what is written as it is (an .eval sample's compact pools).
	verbatim   bool
	indent     bool
	EscapeHTML bool
	prefix     string
	depth      int
	// inString and escaped are where the last write left a string token; open is a '{' or
	// '[' just written, whose newline waits for the next token (an empty one stays {} or []).
	inString, escaped, open bool
	out                     []byte
	err                     error
}

// chunkSize is how much reformatted output a Stream gathers before writing it on.
const chunkSize = 32 << 10

// NewStream is a stream into w, indented under prefix from depth when indent is set.
func NewStream(w io.Writer, indent bool, prefix string, depth int) *Stream {
	return &Stream{w: w, indent: indent, prefix: prefix, depth: depth, out: make([]byte, 0, chunkSize+512)}
}

// NewVerbatimStream is a stream into w that passes what is written as it is.
func NewVerbatimStream(w io.Writer) *Stream {
	return &Stream{w: w, verbatim: true, out: make([]byte, 0, chunkSize+512)}
}

// Write reformats p; it fails only when the writer underneath does.
func (j *Stream) Write(p []byte) (int, error) {
	if j.err != nil {
		return 0, j.err
	}
	if j.verbatim {
		j.out = append(j.out, p...)
		if len(j.out) >= chunkSize {
			j.Flush()
		}
		return len(p), j.err
	}
	for i := 0; i < len(p); {
		if j.inString {
			i = j.stringPart(p, i)
		} else {
			j.token(p[i])
			i++
		}
		if len(j.out) >= chunkSize {
			j.Flush()
		}
	}
	return len(p), j.err
}

// WriteString is Write of a string.
func (j *Stream) WriteString(s string) (int, error) { return j.Write([]byte(s)) }

// stringPart copies a string token's bytes from p[i] up to its closing quote (included) or
// the end of p, and returns where it stopped.
func (j *Stream) stringPart(p []byte, i int) int {
	start := i
	for ; i < len(p); i++ {
		c := p[i]
		switch {
		case j.escaped:
			j.escaped = false
		case c == '\\':
			j.escaped = true
		case c == '"':
			j.out = append(j.out, p[start:i+1]...)
			j.inString = false
			return i + 1
		case j.EscapeHTML && (c == '<' || c == '>' || c == '&' || c == 0xE2):
			if n, ok := htmlEscape(p, i); ok {
				j.out = append(j.out, p[start:i]...)
				j.out = appendHTMLEscape(j.out, p[i:i+n])
				start = i + n
				i += n - 1
			}
		}
	}
	j.out = append(j.out, p[start:]...)
	return i
}

// htmlEscape tells whether p[i] starts a character json.Marshal escapes (<, >, &, U+2028,
// U+2029), and its length. A U+2028 split across writes is not seen: the values written to
// an escaping stream are written whole.
func htmlEscape(p []byte, i int) (int, bool) {
	switch p[i] {
	case '<', '>', '&':
		return 1, true
	}
	if i+2 < len(p) && p[i+1] == 0x80 && p[i+2]&^1 == 0xA8 {
		return 3, true
	}
	return 0, false
}

// appendHTMLEscape appends the \u escape of one character htmlEscape found.
func appendHTMLEscape(b, c []byte) []byte {
	const hex = "0123456789abcdef"
	if len(c) == 1 {
		return append(b, '\\', 'u', '0', '0', hex[c[0]>>4], hex[c[0]&0xF])
	}
	r, _ := utf8.DecodeRune(c)
	return append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
}

// token handles one byte outside strings as json.Indent (or json.Compact) does.
func (j *Stream) token(c byte) {
	switch c {
	case ' ', '\t', '\n', '\r':
		return
	}
	if j.open && c != '}' && c != ']' {
		j.open = false
		j.depth++
		j.newline()
	}
	switch c {
	case '"':
		j.inString = true
		j.out = append(j.out, c)
	case '{', '[':
		j.open = j.indent
		j.out = append(j.out, c)
	case ',':
		j.out = append(j.out, c)
		j.newline()
	case ':':
		j.out = append(j.out, c)
		if j.indent {
			j.out = append(j.out, ' ')
		}
	case '}', ']':
		if j.open {
			j.open = false
		} else if j.indent {
			j.depth--
			j.newline()
		}
		j.out = append(j.out, c)
	default:
		j.out = append(j.out, c)
	}
}

// newline starts a line at the current depth (indenting only).
func (j *Stream) newline() {
	if !j.indent {
		return
	}
	j.out = append(j.out, '\n')
	j.out = append(j.out, j.prefix...)
	for range j.depth {
		j.out = append(j.out, ' ', ' ')
	}
}

// flush writes what is gathered on.
func (j *Stream) Flush() error {
	if j.err == nil && len(j.out) > 0 {
		_, j.err = j.w.Write(j.out)
	}
	j.out = j.out[:0]
	return j.err
}
