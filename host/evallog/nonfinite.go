package evallog

import "math"

// finiteSafe returns m with every non-finite float64 or float32 (at any
// depth of maps and lists) replaced by a [Float], which is written as the
// bare NaN, Infinity or -Infinity token Inspect writes; encoding/json
// would refuse the plain float and lose the whole sample. m itself is not
// changed; when it holds no such number it is returned as it is.
func finiteSafe(m map[string]any) map[string]any {
	if !hasNonFinite(m) {
		return m
	}
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = safeValue(v)
	}
	return out
}

// safeValue is finiteSafe for one value.
func safeValue(v any) any {
	switch x := v.(type) {
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return Float(x)
		}
	case float32:
		return safeValue(float64(x))
	case map[string]any:
		return finiteSafe(x)
	case []any:
		if hasNonFinite(x) {
			out := make([]any, len(x))
			for i, e := range x {
				out[i] = safeValue(e)
			}
			return out
		}
	}
	return v
}

// hasNonFinite reports whether v holds a non-finite float anywhere.
func hasNonFinite(v any) bool {
	switch x := v.(type) {
	case float64:
		return math.IsNaN(x) || math.IsInf(x, 0)
	case float32:
		return hasNonFinite(float64(x))
	case map[string]any:
		for _, e := range x {
			if hasNonFinite(e) {
				return true
			}
		}
	case []any:
		for _, e := range x {
			if hasNonFinite(e) {
				return true
			}
		}
	}
	return false
}
