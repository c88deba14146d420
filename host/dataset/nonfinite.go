package dataset

import (
	"bufio"
	"encoding/json"
	"strings"

	"github.com/swarmhost/swarmhost/host/internal/jsontok"
)

// Python's json module reads and writes NaN, Infinity and -Infinity as bare
// tokens, so Inspect reads a dataset holding them; encoding/json does not.
// A JSON or JSONL dataset's tokens are rewritten as sentinel strings before
// decoding (lines stay where they were: no newline is added) and the
// sentinels become json.Numbers again in each decoded row, so they are
// numbers like any other (NaN and ±Inf in metadata, say).
const sentinelPrefix = "\x00swarmhost-non-finite:"

// withSentinels rewrites data's bare non-finite tokens outside strings.
func withSentinels(data []byte) []byte {
	return jsontok.RewriteNonFinite(data, sentinel)
}

// fromSentinels turns the sentinels in a decoded value back into
// json.Numbers of their tokens (strconv.ParseFloat reads "NaN",
// "Infinity" and "-Infinity").
func fromSentinels(v any) any {
	switch x := v.(type) {
	case string:
		if tok, ok := strings.CutPrefix(x, sentinelPrefix); ok {
			return json.Number(tok)
		}
	case []any:
		for i, item := range x {
			x[i] = fromSentinels(item)
		}
	case map[string]any:
		for k, item := range x {
			x[k] = fromSentinels(item)
		}
	}
	return v
}

// sentinelReader is withSentinels as a stream: it reads JSON from r and
// rewrites the bare non-finite tokens outside strings, holding no more
// than a token.
type sentinelReader struct {
	r                 *bufio.Reader
	inString, escaped bool
	pending           []byte
}

// Read fills p with the rewritten stream.
func (s *sentinelReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if len(s.pending) > 0 {
			c := copy(p[n:], s.pending)
			s.pending, n = s.pending[c:], n+c
			continue
		}
		b, err := s.r.ReadByte()
		if err != nil {
			if n > 0 {
				return n, nil
			}
			return 0, err
		}
		if tok := s.token(b); tok != "" {
			s.pending = []byte(sentinel(tok))
			continue
		}
		p[n] = b
		n++
	}
	return n, nil
}

// token follows the string state over b and, when b starts a non-finite
// token outside strings, consumes the token's other bytes and returns it.
func (s *sentinelReader) token(b byte) string {
	switch {
	case s.escaped:
		s.escaped = false
	case s.inString && b == '\\':
		s.escaped = true
	case b == '"':
		s.inString = !s.inString
	case !s.inString && (b == 'N' || b == 'I' || b == '-'):
		next, _ := s.r.Peek(len("-Infinity") - 1)
		for _, tok := range []string{"-Infinity", "Infinity", "NaN"} {
			if tok[0] == b && strings.HasPrefix(string(next), tok[1:]) {
				_, _ = s.r.Discard(len(tok) - 1)
				return tok
			}
		}
	}
	return ""
}

// sentinel is a non-finite token's sentinel, as a JSON string.
func sentinel(tok string) string {
	b, _ := json.Marshal(sentinelPrefix + tok)
	return string(b)
}
