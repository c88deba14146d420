package jsonenc

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"
)

// fallback, panicked inside a direct encoding, says a value is left to encoding/json.
type fallback struct{}

// Direct runs a direct encoding: appendTo appends a value with the Append
// functions, which do without encoding/json's reflection. ok is false when
// a value needs what only encoding/json does (a non-finite float, which it
// refuses; a Marshaler's error): the caller then encodes the value through
// encoding/json, which reports it. Any other panic goes on.
func Direct(appendTo func() []byte) (b []byte, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, isFallback := r.(fallback); !isFallback {
				panic(r)
			}
			b, ok = nil, false
		}
	}()
	return appendTo(), true
}

// Unsupported ends the direct encoding in progress: [Direct] returns ok
// false. Call it only inside Direct.
func Unsupported() { panic(fallback{}) }

// AppendMap appends a free-form map, {} when empty, keys sorted as encoding/json sorts them.
func AppendMap[M ~map[string]any](b []byte, m M) []byte {
	if len(m) == 0 {
		return append(b, "{}"...)
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = AppendString(b, k)
		b = append(b, ':')
		b = AppendAny(b, m[k])
	}
	return append(b, '}')
}

// AppendAny appends a free-form value: JSON's own types directly, any other through Marshal.
func AppendAny(b []byte, v any) []byte {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...)
	case string:
		return AppendString(b, x)
	case bool:
		return strconv.AppendBool(b, x)
	case float64:
		return AppendFloat(b, x)
	case int:
		return strconv.AppendInt(b, int64(x), 10)
	case int64:
		return strconv.AppendInt(b, x, 10)
	case map[string]any:
		if x == nil {
			return append(b, "null"...)
		}
		return AppendMap(b, x)
	case []any:
		if x == nil {
			return append(b, "null"...)
		}
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = AppendAny(b, e)
		}
		return append(b, ']')
	}
	return AppendMarshal(b, v)
}

// AppendMarshal appends v as [Marshal] encodes it (a failure is left to encoding/json).
func AppendMarshal(b []byte, v any) []byte {
	raw, err := Marshal(v)
	if err != nil {
		Unsupported()
	}
	return append(b, raw...)
}

// AppendRaw appends a json.Marshaler's output.
func AppendRaw(b []byte, m json.Marshaler) []byte {
	raw, err := m.MarshalJSON()
	if err != nil {
		Unsupported()
	}
	return AppendCompact(b, raw)
}

// AppendCompact appends raw JSON compacted, as encoding/json writes a json.RawMessage.
func AppendCompact(b []byte, raw []byte) []byte {
	if !bytes.ContainsAny(raw, " \n\t\r") {
		return append(b, raw...)
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		Unsupported()
	}
	return append(b, buf.Bytes()...)
}

// AppendFloat appends a float64 as encoding/json does (a non-finite one is left to it, which
// refuses it).
func AppendFloat(b []byte, f float64) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		Unsupported()
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// clean up e-09 to e-9, as encoding/json does
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// AppendString appends s as a JSON string as encoding/json does without HTML escaping:
// control characters, invalid UTF-8 (as U+FFFD) and U+2028/U+2029 escaped.
func AppendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

const hexDigits = "0123456789abcdef"
