package scoring

import (
	"encoding/json"
	"fmt"
	"slices"
)

// orderedObject is a JSON object kept in its written order (a metric set's
// keys are results in that order, as Inspect reports a dict's keys).
type orderedObject []keyValue

type keyValue struct {
	Key   string
	Value any
}

// MarshalJSON writes the pairs as one object, in order.
func (o orderedObject) MarshalJSON() ([]byte, error) {
	buf := []byte{'{'}
	for i, kv := range o {
		if i > 0 {
			buf = append(buf, ',')
		}
		k, err := json.Marshal(kv.Key)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(kv.Value)
		if err != nil {
			return nil, err
		}
		buf = append(append(append(buf, k...), ':'), v...)
	}
	return append(buf, '}'), nil
}

// asObject returns v as an ordered object: as it is, or a Go map's pairs
// in sorted key order; ok is false for any other value.
func asObject(v any) (orderedObject, bool) {
	switch x := v.(type) {
	case orderedObject:
		return x, true
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		out := make(orderedObject, len(keys))
		for i, k := range keys {
			out[i] = keyValue{Key: k, Value: x[k]}
		}
		return out, true
	}
	return nil, false
}

// plainObject is an ordered object as a map (nested objects too), for
// values that need no order (a metric's arguments).
func plainObject(o orderedObject) map[string]any {
	out := make(map[string]any, len(o))
	for _, kv := range o {
		out[kv.Key] = plainValue(kv.Value)
	}
	return out
}

func plainValue(v any) any {
	switch x := v.(type) {
	case orderedObject:
		return plainObject(x)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = plainValue(e)
		}
		return out
	}
	return v
}

// decodeOrdered decodes one JSON value, objects as orderedObject.
func decodeOrdered(dec *json.Decoder) (any, error) {
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			obj := orderedObject{}
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := decodeOrdered(dec)
				if err != nil {
					return nil, err
				}
				obj = append(obj, keyValue{Key: k.(string), Value: v})
			}
			_, err := dec.Token()
			return obj, err
		case '[':
			list := []any{}
			for dec.More() {
				v, err := decodeOrdered(dec)
				if err != nil {
					return nil, err
				}
				list = append(list, v)
			}
			_, err := dec.Token()
			return list, err
		}
		return nil, fmt.Errorf("unexpected %v", t)
	case json.Number:
		if f, err := t.Float64(); err == nil {
			return f, nil
		}
		return t.String(), nil
	}
	return tok, nil
}
