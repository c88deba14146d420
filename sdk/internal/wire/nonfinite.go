package wire

import (
	"bytes"
	"encoding/json"
	"math"
	"reflect"
)

// Non-finite numbers cross the wire as the bare tokens NaN, Infinity and
// -Infinity, as Python's json module (and Inspect's logs) write them;
// standard JSON has no such numbers, and encoding/json refuses them. While
// a value passes through encoding/json each stands in for one as a
// sentinel string, a Go string of NUL-bracketed text no user value holds.
const (
	tokNaN    = "NaN"
	tokInf    = "Infinity"
	tokNegInf = "-Infinity"
)

var (
	sentinels = map[string]float64{
		"\x00swarmhost:" + tokNaN + "\x00":    math.NaN(),
		"\x00swarmhost:" + tokInf + "\x00":    math.Inf(1),
		"\x00swarmhost:" + tokNegInf + "\x00": math.Inf(-1),
	}
	// quotedSentinels maps each sentinel as encoding/json writes it to its
	// bare token.
	quotedSentinels = map[string]string{
		`"\u0000swarmhost:NaN\u0000"`:       tokNaN,
		`"\u0000swarmhost:Infinity\u0000"`:  tokInf,
		`"\u0000swarmhost:-Infinity\u0000"`: tokNegInf,
	}
)

// sentinelFor returns the sentinel string of a non-finite f.
func sentinelFor(f float64) string {
	switch {
	case math.IsNaN(f):
		return "\x00swarmhost:" + tokNaN + "\x00"
	case f > 0:
		return "\x00swarmhost:" + tokInf + "\x00"
	}
	return "\x00swarmhost:" + tokNegInf + "\x00"
}

// marshalNonFinite encodes v, whose plain encoding failed, with its
// non-finite floats (in maps, slices, arrays and pointers to them) written
// as bare tokens. ok is false when v still does not encode (a non-finite
// float inside a struct, say).
func marshalNonFinite(v any) ([]byte, bool) {
	b, err := json.Marshal(withSentinels(reflect.ValueOf(v)))
	if err != nil {
		return nil, false
	}
	for quoted, tok := range quotedSentinels {
		b = bytes.ReplaceAll(b, []byte(quoted), []byte(tok))
	}
	return b, true
}

// withSentinels copies v with every non-finite float replaced by its
// sentinel string; other values are returned as they are.
func withSentinels(v reflect.Value) any {
	switch v.Kind() {
	case reflect.Invalid:
		return nil
	case reflect.Float32, reflect.Float64:
		if f := v.Float(); math.IsNaN(f) || math.IsInf(f, 0) {
			return sentinelFor(f)
		}
	case reflect.Interface, reflect.Pointer:
		if !v.IsNil() {
			return withSentinels(v.Elem())
		}
	case reflect.Map:
		if v.Type().Key().Kind() == reflect.String && !v.IsNil() {
			out := make(map[string]any, v.Len())
			for it := v.MapRange(); it.Next(); {
				out[it.Key().String()] = withSentinels(it.Value())
			}
			return out
		}
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && (v.IsNil() || v.Type().Elem().Kind() == reflect.Uint8) {
			break
		}
		out := make([]any, v.Len())
		for i := range out {
			out[i] = withSentinels(v.Index(i))
		}
		return out
	}
	if !v.CanInterface() {
		return nil
	}
	return v.Interface()
}

// unmarshalNonFinite decodes JSON that may hold bare NaN, Infinity and
// -Infinity tokens, the tokens becoming float64 NaN and ±Inf.
func unmarshalNonFinite(b []byte) (any, error) {
	var v any
	if err := json.Unmarshal(toSentinelStrings(b), &v); err != nil {
		return nil, err
	}
	return fromSentinels(v), nil
}

// fromSentinels replaces sentinel strings in a decoded value with the
// numbers they stand for.
func fromSentinels(v any) any {
	switch x := v.(type) {
	case string:
		if f, ok := sentinels[x]; ok {
			return f
		}
	case map[string]any:
		for k, e := range x {
			x[k] = fromSentinels(e)
		}
	case []any:
		for i, e := range x {
			x[i] = fromSentinels(e)
		}
	}
	return v
}

// toSentinelStrings rewrites the bare non-finite tokens outside strings as
// quoted sentinels; everything else is copied as it is.
func toSentinelStrings(b []byte) []byte {
	out := make([]byte, 0, len(b)+32)
	inString, escaped := false, false
	for i := 0; i < len(b); i++ {
		c := b[i]
		if inString {
			out = append(out, c)
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
			continue
		}
		if c == '"' {
			inString = true
			out = append(out, c)
			continue
		}
		if tok := tokenAt(b[i:]); tok != "" {
			out = append(out, `"\u0000swarmhost:`+tok+`\u0000"`...)
			i += len(tok) - 1
			continue
		}
		out = append(out, c)
	}
	return out
}

// tokenAt returns the non-finite token b starts with, or "".
func tokenAt(b []byte) string {
	for _, tok := range []string{tokNegInf, tokInf, tokNaN} {
		if bytes.HasPrefix(b, []byte(tok)) {
			return tok
		}
	}
	return ""
}

// DecodeNonFinite decodes JSON that may hold bare NaN, Infinity and
// -Infinity tokens (as Inspect's JSON logs do) into v, which the caller
// reads with [FromSentinels] where it holds untyped values: the tokens
// become float64 NaN and ±Inf there. A typed float field cannot hold one.
func DecodeNonFinite(b []byte, v any) error { return json.Unmarshal(toSentinelStrings(b), v) }

// FromSentinels is a value decoded by [DecodeNonFinite] with its
// non-finite numbers restored.
func FromSentinels(v any) any { return fromSentinels(v) }
