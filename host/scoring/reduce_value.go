package scoring

import (
	"math"
	"slices"

	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// positionReducer reduces the scored values found at one position of the
// epoch values (the root of a scalar, one key of a map, one index of a list).
// raw is never empty and holds no NaN float.
type positionReducer func(raw []any) any

// reduceValue applies r at every position of the epoch values. The shape
// (scalar, []any or map[string]any) comes from the first scored epoch;
// scored epochs of another shape, missing keys and short lists are skipped
// (see [CheckEpochShapes]), and a position with nothing left is NaN.
func reduceValue(epochs []scorer.Score, r positionReducer) any {
	scored := scoredValues(epochs)
	if len(scored) == 0 {
		return math.NaN()
	}
	switch first := scored[0].(type) {
	case map[string]any:
		return reduceMap(first, scored, r)
	case []any:
		return reduceList(len(first), scored, r)
	default:
		return reducePosition(scalars(scored), r)
	}
}

// scoredValues returns the values of the epochs that are not unscored.
func scoredValues(epochs []scorer.Score) []any {
	var out []any
	for _, e := range epochs {
		if !IsUnscored(e.Value) {
			out = append(out, e.Value)
		}
	}
	return out
}

// scalars returns the values that are neither lists nor maps.
func scalars(values []any) []any {
	var out []any
	for _, v := range values {
		switch v.(type) {
		case []any, map[string]any:
		default:
			out = append(out, v)
		}
	}
	return out
}

// reduceMap reduces key by key over the keys of the first map.
func reduceMap(first map[string]any, values []any, r positionReducer) map[string]any {
	out := make(map[string]any, len(first))
	for key := range first {
		var raw []any
		for _, v := range values {
			if m, ok := v.(map[string]any); ok {
				if x, ok := m[key]; ok {
					raw = append(raw, x)
				}
			}
		}
		out[key] = reducePosition(raw, r)
	}
	return out
}

// reduceList reduces index by index over the first list's length.
func reduceList(n int, values []any, r positionReducer) []any {
	out := make([]any, n)
	for i := range out {
		var raw []any
		for _, v := range values {
			if l, ok := v.([]any); ok && i < len(l) {
				raw = append(raw, l[i])
			}
		}
		out[i] = reducePosition(raw, r)
	}
	return out
}

// reducePosition drops NaN values and applies r, or gives NaN if none is left.
func reducePosition(raw []any, r positionReducer) any {
	raw = slices.DeleteFunc(slices.Clone(raw), IsUnscored)
	if len(raw) == 0 {
		return math.NaN()
	}
	return r(raw)
}

// reducedScore wraps a reduced value: Answer and Explanation are kept only
// when every epoch (scored or not) has the same one, and Metadata is the
// first epoch's, as Inspect's _reduced_score does.
func reducedScore(value any, epochs []scorer.Score) scorer.Score {
	out := scorer.Score{Value: value}
	if len(epochs) == 0 {
		return out
	}
	out.Metadata = epochs[0].Metadata
	if allSame(epochs, func(a, b scorer.Score) bool { return sameAnswer(a.Answer, b.Answer) }) {
		out.Answer = epochs[0].Answer
	}
	if allSame(epochs, func(a, b scorer.Score) bool { return a.Explanation == b.Explanation }) {
		out.Explanation = epochs[0].Explanation
	}
	return out
}

// allSame reports whether every epoch equals the first by equal.
func allSame(epochs []scorer.Score, equal func(a, b scorer.Score) bool) bool {
	for _, e := range epochs[1:] {
		if !equal(e, epochs[0]) {
			return false
		}
	}
	return true
}

// sameAnswer reports whether two answers are equal, no answer (nil) being
// unequal to every text, "" included (Python's None != "").
func sameAnswer(a, b *string) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}
