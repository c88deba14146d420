package evallog

import (
	"bytes"
)

// emptyMap returns m, or an empty map when m is nil, so that a field the schema requires is
// written as {} rather than null.
func emptyMap[M ~map[K]V, K comparable, V any](m M) M {
	if m == nil {
		return M{}
	}
	return m
}

// emptySlice returns s, or an empty slice when s is nil, so that a field the schema requires is
// written as [] rather than null.
func emptySlice[S ~[]E, E any](s S) S {
	if s == nil {
		return S{}
	}
	return s
}

// orDefault returns s, or def when s is empty.
func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// isJSONString reports whether raw JSON is a string literal.
func isJSONString(b []byte) bool {
	b = bytes.TrimSpace(b)
	return len(b) > 0 && b[0] == '"'
}
