// Package wire converts between the generated protobuf types and the SDK's
// hand-written types. Nothing outside sdk/ sees generated types.
package wire

import "encoding/json"

// marshalJSON encodes v, returning nil for nil/empty values. Non-finite
// floats are written as the bare tokens NaN, Infinity and -Infinity (see
// nonfinite.go), never dropped.
func marshalJSON(v any) []byte {
	if v == nil {
		return nil
	}
	b, err := json.Marshal(v)
	if err == nil {
		return b
	}
	if b, ok := marshalNonFinite(v); ok {
		return b
	}
	return nil
}

// unmarshalMap decodes a JSON object, reading bare NaN, Infinity and
// -Infinity tokens as float64; empty or invalid input gives nil.
func unmarshalMap(b []byte) map[string]any {
	if len(b) == 0 {
		return nil
	}
	var m map[string]any
	if json.Unmarshal(b, &m) == nil {
		return m
	}
	v, err := unmarshalNonFinite(b)
	if err != nil {
		return nil
	}
	m, _ = v.(map[string]any)
	return m
}

// unmarshalAny decodes any JSON value as unmarshalMap does.
func unmarshalAny(b []byte) (any, error) {
	var v any
	if json.Unmarshal(b, &v) == nil {
		return v, nil
	}
	return unmarshalNonFinite(b)
}
