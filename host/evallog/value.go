package evallog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strconv"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// Value is a score value as Inspect stores it: a string ("C", "I"), a number (NaN allowed), a
// bool, a list of those, or a dict of those whose values may also be null. Numbers keep
// Python's int/float distinction: an integer is held as int64 and written as 1, a float as
// Float and written as 1.0 (or NaN). The zero Value is null, which the schema rejects for a
// score, so a scorer must always set one.
type Value struct{ v any }

// NewValue normalises v into a Value: every Go integer kind becomes int64, float32/float64
// become Float, []any and map[string]any are normalised element by element. Other types are
// kept as given and written by encoding/json.
func NewValue(v any) Value { return Value{normalise(v)} }

// Interface returns the value: string, bool, int64, Float, []any, map[string]any or nil.
func (v Value) Interface() any { return v.v }

// IsZero reports whether the value is unset (null).
func (v Value) IsZero() bool { return v.v == nil }

// Float returns the value as a number the way Inspect's value_to_float reads plain numbers and
// bools (true = 1). It reports false for strings, lists and dicts, which need a scorer's rules.
func (v Value) Float() (float64, bool) {
	switch x := v.v.(type) {
	case Float:
		return float64(x), true
	case int64:
		return float64(x), true
	case bool:
		if x {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

// MarshalJSON writes the value; NaN comes out as a sentinel (see Float).
func (v Value) MarshalJSON() ([]byte, error) { return jsonenc.Marshal(v.v) }

// UnmarshalJSON reads any JSON value, keeping ints and floats apart and honouring sentinels.
func (v *Value) UnmarshalJSON(b []byte) error {
	x, err := decodeValue(b)
	if err != nil {
		return err
	}
	v.v = x
	return nil
}

// normalise maps Go numbers onto int64 and Float, recursively through []any and map[string]any.
func normalise(v any) any {
	switch rv := reflect.ValueOf(v); rv.Kind() {
	case reflect.Float32, reflect.Float64:
		return Float(rv.Float())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return rv.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return int64(rv.Uint())
	}
	switch x := v.(type) {
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = normalise(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = normalise(e)
		}
		return out
	}
	return v
}

// decodeValue decodes raw JSON into the Value representation.
func decodeValue(b []byte) (any, error) {
	b = bytes.TrimSpace(b)
	if f, ok := jsonenc.SentinelValue(b); ok {
		return Float(f), nil
	}
	if len(b) == 0 {
		return nil, fmt.Errorf("evallog: empty value")
	}
	switch b[0] {
	case '[':
		return decodeList(b)
	case '{':
		return decodeDict(b)
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return decodeNumber(b)
	}
	var x any
	err := json.Unmarshal(b, &x)
	return x, err
}

func decodeList(b []byte) (any, error) {
	var raws []json.RawMessage
	if err := json.Unmarshal(b, &raws); err != nil {
		return nil, err
	}
	out := make([]any, len(raws))
	for i, r := range raws {
		x, err := decodeValue(r)
		if err != nil {
			return nil, err
		}
		out[i] = x
	}
	return out, nil
}

func decodeDict(b []byte) (any, error) {
	var raws map[string]json.RawMessage
	if err := json.Unmarshal(b, &raws); err != nil {
		return nil, err
	}
	out := make(map[string]any, len(raws))
	for k, r := range raws {
		x, err := decodeValue(r)
		if err != nil {
			return nil, err
		}
		out[k] = x
	}
	return out, nil
}

func decodeNumber(b []byte) (any, error) {
	if !bytes.ContainsAny(b, ".eE") {
		if n, err := strconv.ParseInt(string(b), 10, 64); err == nil {
			return n, nil
		}
	}
	f, err := strconv.ParseFloat(string(b), 64)
	if err != nil && !math.IsInf(f, 0) {
		return nil, fmt.Errorf("evallog: number %s: %w", b, err)
	}
	return Float(f), nil
}
