// Package jsontok rewrites the bare non-finite tokens (NaN, Infinity, -Infinity) that
// Python's JSON writer puts in Inspect logs and datasets and that encoding/json cannot read
// (host/evallog and host/dataset use it).
package jsontok

import "bytes"

// nonFinite are the bare tokens Python's JSON writer uses for non-finite floats, longest first
// so that "-Infinity" wins over a lone "-".
var nonFinite = []string{"-Infinity", "Infinity", "NaN"}

// RewriteNonFinite copies a JSON document, replacing each bare NaN, Infinity or -Infinity token
// outside string literals by repl(token). Text inside strings is never touched.
func RewriteNonFinite(b []byte, repl func(tok string) string) []byte {
	if !bytes.Contains(b, []byte("NaN")) && !bytes.Contains(b, []byte("Infinity")) {
		return b
	}
	out := make([]byte, 0, len(b)+64)
	inString := false
	for i := 0; i < len(b); i++ {
		c := b[i]
		if inString {
			out = append(out, c)
			switch c {
			case '\\':
				if i+1 < len(b) {
					i++
					out = append(out, b[i])
				}
			case '"':
				inString = false
			}
			continue
		}
		if c == '"' {
			inString = true
		}
		if tok := tokenAt(b[i:]); tok != "" {
			out = append(out, repl(tok)...)
			i += len(tok) - 1
			continue
		}
		out = append(out, c)
	}
	return out
}

// tokenAt returns the non-finite token that b starts with, or "".
func tokenAt(b []byte) string {
	if len(b) == 0 || (b[0] != 'N' && b[0] != 'I' && b[0] != '-') {
		return ""
	}
	for _, tok := range nonFinite {
		if bytes.HasPrefix(b, []byte(tok)) {
			return tok
		}
	}
	return ""
}
