package swarm

import (
	"bytes"
	"encoding/json"
)

// Float is a number Inspect Swarm writes as a JSON float: it always
// carries a decimal point or an exponent (120.0, not 120), so a reader
// that keeps JSON types (Python's json) sees a float on both sides.
type Float float64

// MarshalJSON writes f as encoding/json does, with ".0" added to an
// integral value.
func (f Float) MarshalJSON() ([]byte, error) {
	b, err := json.Marshal(float64(f))
	if err != nil || bytes.ContainsAny(b, ".eE") {
		return b, err
	}
	return append(b, '.', '0'), nil
}

// floatPtr is v as a *Float.
func floatPtr(v float64) *Float {
	f := Float(v)
	return &f
}

// optFloat converts an optional number to an optional Float.
func optFloat[T int64 | float64](v *T) *Float {
	if v == nil {
		return nil
	}
	return floatPtr(float64(*v))
}
