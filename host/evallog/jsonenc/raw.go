package jsonenc

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// The helpers below read and rewrite JSON this package encoded or read (valid JSON, compact or
// indented) without decoding it into Go values, which would lose the order of its keys.

// Member is one member of a JSON object: its key (decoded) and its value's bytes.
type Member struct {
	Key string
	Val []byte
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

// ObjectMembers splits a JSON object into its members, in order.
func ObjectMembers(b []byte) ([]Member, error) {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return nil, fmt.Errorf("evallog: not a JSON object")
	}
	var out []Member
	for i = skipSpace(b, i+1); i < len(b) && b[i] != '}'; {
		if b[i] == ',' {
			i = skipSpace(b, i+1)
			continue
		}
		end := stringEnd(b, i)
		key, err := DecodeString(b[i:end])
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
		out = append(out, Member{Key: key, Val: b[i:end]})
		i = skipSpace(b, end)
	}
	return out, nil
}

// ArrayElements splits a JSON array into its elements, in order; nil for anything else.
func ArrayElements(b []byte) [][]byte {
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

// WriteObject writes members as a compact JSON object.
func WriteObject(buf *bytes.Buffer, members []Member) {
	buf.WriteByte('{')
	for i, m := range members {
		if i > 0 {
			buf.WriteByte(',')
		}
		WriteQuoted(buf, m.Key)
		buf.WriteByte(':')
		buf.Write(m.Val)
	}
	buf.WriteByte('}')
}

// WriteArray writes elements as a compact JSON array.
func WriteArray(buf *bytes.Buffer, elems [][]byte) {
	buf.WriteByte('[')
	for i, e := range elems {
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.Write(e)
	}
	buf.WriteByte(']')
}

// WriteQuoted writes s as a JSON string, as Marshal does.
func WriteQuoted(buf *bytes.Buffer, s string) {
	buf.Write(AppendString(buf.AvailableBuffer(), s))
}

// DecodeString decodes one JSON string token.
func DecodeString(tok []byte) (string, error) {
	if bytes.IndexByte(tok, '\\') < 0 && len(tok) >= 2 {
		return string(tok[1 : len(tok)-1]), nil
	}
	var s string
	err := json.Unmarshal(tok, &s)
	return s, err
}

// RewriteStrings returns b with every string value (not object keys) passed through fn, which
// returns the replacement and whether it replaced the text; b itself when nothing changed.
// minLen is the shortest token (quotes included) fn can change: shorter ones are not decoded.
func RewriteStrings(b []byte, minLen int, fn func(string) (string, bool)) []byte {
	var out *bytes.Buffer
	last := 0
	ForEachString(b, minLen, fn, func(start, end int, repl string) {
		if out == nil {
			out = &bytes.Buffer{}
			out.Grow(len(b))
		}
		out.Write(b[last:start])
		WriteQuoted(out, repl)
		last = end
	})
	if out == nil {
		return b
	}
	out.Write(b[last:])
	return out.Bytes()
}

// ForEachString calls replace for every string value of b (not object keys) that fn
// replaces, with the token's bounds and the replacement, in order; minLen is as for
// RewriteStrings.
func ForEachString(b []byte, minLen int, fn func(string) (string, bool), replace func(start, end int, repl string)) {
	for i := 0; i < len(b); i++ {
		if b[i] != '"' {
			continue
		}
		end := stringEnd(b, i)
		if end-i < minLen || isKey(b, end) {
			i = end - 1
			continue
		}
		if text, err := DecodeString(b[i:end]); err == nil {
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
