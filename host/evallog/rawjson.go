package evallog

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// The helpers below read and rewrite JSON this package encoded or read (valid JSON, compact or
// indented) without decoding it into Go values, which would lose the order of its keys.

// rawMember is one member of a JSON object: its key (decoded) and its value's bytes.
type rawMember struct {
	key string
	val []byte
}

// skipSpace returns the index of the first non-space byte of b at or after i.
func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\n' || b[i] == '\t' || b[i] == '\r') {
		i++
	}
	return i
}

// stringEnd returns the index just past the JSON string starting at b[i] ('"').
func stringEnd(b []byte, i int) int {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(b)
}

// valueEnd returns the index just past the JSON value starting at b[i].
func valueEnd(b []byte, i int) int {
	switch b[i] {
	case '"':
		return stringEnd(b, i)
	case '{', '[':
		depth := 0
		for ; i < len(b); i++ {
			switch b[i] {
			case '"':
				i = stringEnd(b, i) - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1
				}
			}
		}
		return len(b)
	}
	for i < len(b) && !bytes.ContainsRune([]byte(",}] \n\t\r"), rune(b[i])) {
		i++
	}
	return i
}

// objectMembers splits a JSON object into its members, in order.
func objectMembers(b []byte) ([]rawMember, error) {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return nil, fmt.Errorf("evallog: not a JSON object")
	}
	var out []rawMember
	for i = skipSpace(b, i+1); i < len(b) && b[i] != '}'; {
		if b[i] == ',' {
			i = skipSpace(b, i+1)
			continue
		}
		end := stringEnd(b, i)
		key, err := decodeString(b[i:end])
		if err != nil {
			return nil, err
		}
		i = skipSpace(b, end)
		if i >= len(b) || b[i] != ':' {
			return nil, fmt.Errorf("evallog: malformed JSON object")
		}
		i = skipSpace(b, i+1)
		if end = valueEnd(b, i); end == i {
			return nil, fmt.Errorf("evallog: malformed JSON object")
		}
		out = append(out, rawMember{key: key, val: b[i:end]})
		i = skipSpace(b, end)
	}
	return out, nil
}

// arrayElements splits a JSON array into its elements, in order; nil for anything else.
func arrayElements(b []byte) [][]byte {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '[' {
		return nil
	}
	out := [][]byte{}
	for i = skipSpace(b, i+1); i < len(b) && b[i] != ']'; {
		if b[i] == ',' {
			i = skipSpace(b, i+1)
			continue
		}
		end := valueEnd(b, i)
		if end == i { // not JSON: stop rather than loop
			break
		}
		out = append(out, b[i:end])
		i = skipSpace(b, end)
	}
	return out
}

// writeObject writes members as a compact JSON object.
func writeObject(buf *bytes.Buffer, members []rawMember) {
	buf.WriteByte('{')
	for i, m := range members {
		if i > 0 {
			buf.WriteByte(',')
		}
		writeString(buf, m.key)
		buf.WriteByte(':')
		buf.Write(m.val)
	}
	buf.WriteByte('}')
}

// writeArray writes elements as a compact JSON array.
func writeArray(buf *bytes.Buffer, elems [][]byte) {
	buf.WriteByte('[')
	for i, e := range elems {
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.Write(e)
	}
	buf.WriteByte(']')
}

// writeString writes s as a JSON string, as marshal does.
func writeString(buf *bytes.Buffer, s string) {
	buf.Write(appendJSONString(buf.AvailableBuffer(), s))
}

// decodeString decodes one JSON string token.
func decodeString(tok []byte) (string, error) {
	if bytes.IndexByte(tok, '\\') < 0 && len(tok) >= 2 {
		return string(tok[1 : len(tok)-1]), nil
	}
	var s string
	err := json.Unmarshal(tok, &s)
	return s, err
}

// rewriteStrings returns b with every string value (not object keys) passed through fn, which
// returns the replacement and whether it replaced the text; b itself when nothing changed.
// minLen is the shortest token (quotes included) fn can change: shorter ones are not decoded.
func rewriteStrings(b []byte, minLen int, fn func(string) (string, bool)) []byte {
	var out *bytes.Buffer
	last := 0
	forEachString(b, minLen, fn, func(start, end int, repl string) {
		if out == nil {
			out = &bytes.Buffer{}
			out.Grow(len(b))
		}
		out.Write(b[last:start])
		writeString(out, repl)
		last = end
	})
	if out == nil {
		return b
	}
	out.Write(b[last:])
	return out.Bytes()
}

// forEachString calls replace for every string value of b (not object keys) that fn
// replaces, with the token's bounds and the replacement, in order; minLen is as for
// rewriteStrings.
func forEachString(b []byte, minLen int, fn func(string) (string, bool), replace func(start, end int, repl string)) {
	for i := 0; i < len(b); i++ {
		if b[i] != '"' {
			continue
		}
		end := stringEnd(b, i)
		if end-i < minLen || isKey(b, end) {
			i = end - 1
			continue
		}
		if text, err := decodeString(b[i:end]); err == nil {
			if repl, ok := fn(text); ok {
				replace(i, end, repl)
			}
		}
		i = end - 1
	}
}

// isKey reports whether the string that ends at b[end] is an object key.
func isKey(b []byte, end int) bool {
	j := skipSpace(b, end)
	return j < len(b) && b[j] == ':'
}
