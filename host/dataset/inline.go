package dataset

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strconv"
)

// inlineRow makes a row of an inline sample, converting its values to the
// JSON shapes the converters read.
func inlineRow(values map[string]any, n int) row {
	v, err := jsonShape(values)
	if err != nil {
		return row{line: n, err: err.Error(), offset: -1}
	}
	m, _ := v.(map[string]any)
	return row{line: n, values: m, offset: -1}
}

// jsonShape converts a Go value to nil, string, bool, json.Number, []any or
// map[string]any. A NaN float counts as absent, as in Inspect.
func jsonShape(v any) (any, error) {
	switch x := v.(type) {
	case nil, string, bool, json.Number:
		return x, nil
	case json.RawMessage:
		if len(x) == 0 {
			return nil, nil
		}
		return decodeValue(x)
	}
	return reflectShape(reflect.ValueOf(v))
}

// reflectShape converts the Go kinds jsonShape does not name directly.
func reflectShape(rv reflect.Value) (any, error) {
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return json.Number(strconv.FormatInt(rv.Int(), 10)), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return json.Number(strconv.FormatUint(rv.Uint(), 10)), nil
	case reflect.Float32, reflect.Float64:
		return floatShape(rv.Float())
	case reflect.String:
		return rv.String(), nil
	case reflect.Bool:
		return rv.Bool(), nil
	case reflect.Pointer, reflect.Interface:
		if rv.IsNil() {
			return nil, nil
		}
		return jsonShape(rv.Elem().Interface())
	case reflect.Slice, reflect.Array:
		return sliceShape(rv)
	case reflect.Map:
		if rv.Type().Key().Kind() == reflect.String {
			return mapShape(rv)
		}
	}
	return nil, fmt.Errorf("unsupported value of type %s", rv.Type())
}

// floatShape writes a float as a JSON number; NaN is absent, ±Inf an error.
func floatShape(f float64) (any, error) {
	switch {
	case math.IsNaN(f):
		return nil, nil
	case math.IsInf(f, 0):
		return nil, fmt.Errorf("unsupported infinite number")
	}
	return json.Number(strconv.FormatFloat(f, 'g', -1, 64)), nil
}

// sliceShape converts each element of a slice or array.
func sliceShape(rv reflect.Value) (any, error) {
	if rv.Kind() == reflect.Slice && rv.IsNil() {
		return nil, nil
	}
	out := make([]any, rv.Len())
	for i := range out {
		v, err := jsonShape(rv.Index(i).Interface())
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// mapShape converts each value of a string-keyed map.
func mapShape(rv reflect.Value) (any, error) {
	if rv.IsNil() {
		return nil, nil
	}
	out := make(map[string]any, rv.Len())
	for it := rv.MapRange(); it.Next(); {
		v, err := jsonShape(it.Value().Interface())
		if err != nil {
			return nil, fmt.Errorf("%q: %w", it.Key().String(), err)
		}
		out[it.Key().String()] = v
	}
	return out, nil
}
