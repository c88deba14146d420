package evallog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// Float is a float64 that survives NaN and ±Inf, which Inspect writes as the bare JSON tokens
// NaN, Infinity and -Infinity (pydantic's ser_json_inf_nan="constants"). Metric values, score
// values and reductions use it, because an unscored sample's value is NaN.
//
// encoding/json refuses to write such tokens, so MarshalJSON emits a sentinel string that
// Marshal, the Writer and Read translate to and from the bare token (see host/evallog/jsonenc).
// Marshalling a Float with plain json.Marshal therefore yields the sentinel string, not NaN.
type Float float64

// MarshalJSON writes finite values like Python does (1.0, not 1) and non-finite ones as sentinels.
func (f Float) MarshalJSON() ([]byte, error) { return jsonenc.FormatFloat(float64(f)), nil }

// UnmarshalJSON reads a JSON number or one of the sentinels left by Read.
func (f *Float) UnmarshalJSON(b []byte) error {
	if v, ok := jsonenc.SentinelValue(b); ok {
		*f = Float(v)
		return nil
	}
	v, err := strconv.ParseFloat(string(bytes.TrimSpace(b)), 64)
	if err != nil {
		return fmt.Errorf("evallog: float %s: %w", b, err)
	}
	*f = Float(v)
	return nil
}

// UnmarshalNonFinite decodes JSON that may hold the bare tokens NaN,
// Infinity and -Infinity (as Python and Inspect write them) into v; Float
// fields receive the non-finite values.
func UnmarshalNonFinite(b []byte, v any) error {
	return json.Unmarshal(jsonenc.ToSentinels(b), v)
}

// MarshalNonFinite encodes v as Python reads it: Float fields that are
// NaN or infinite as the bare tokens NaN, Infinity and -Infinity.
func MarshalNonFinite(v any) ([]byte, error) {
	b, err := jsonenc.Marshal(v)
	if err != nil {
		return nil, err
	}
	return jsonenc.FromSentinels(b), nil
}
