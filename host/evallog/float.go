package evallog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"github.com/swarmhost/swarmhost/host/internal/jsontok"
)

// Float is a float64 that survives NaN and ±Inf, which Inspect writes as the bare JSON tokens
// NaN, Infinity and -Infinity (pydantic's ser_json_inf_nan="constants"). Metric values, score
// values and reductions use it, because an unscored sample's value is NaN.
//
// encoding/json refuses to write such tokens, so MarshalJSON emits a sentinel string that
// Marshal, the Writer and Read translate to and from the bare token; see sentinel below.
// Marshalling a Float with plain json.Marshal therefore yields the sentinel string, not NaN.
type Float float64

// Sentinels stand for the non-finite tokens while a document passes through encoding/json.
// Each is a JSON string spelt with \u escapes of plain ASCII letters, which encoding/json never
// produces for a Go string (it writes those letters literally), so no user text can collide.
// Only a json.RawMessage the caller hands in verbatim could spell one, and would then be
// written as the bare token it stands for.
const (
	sentinelNaN    = `"\u004e\u0061\u004e"`
	sentinelInf    = `"\u0049\u006e\u0066"`
	sentinelNegInf = `"-\u0049\u006e\u0066"`
)

// MarshalJSON writes finite values like Python does (1.0, not 1) and non-finite ones as sentinels.
func (f Float) MarshalJSON() ([]byte, error) {
	v := float64(f)
	switch {
	case math.IsNaN(v):
		return []byte(sentinelNaN), nil
	case math.IsInf(v, 1):
		return []byte(sentinelInf), nil
	case math.IsInf(v, -1):
		return []byte(sentinelNegInf), nil
	}
	return formatFloat(v), nil
}

// UnmarshalJSON reads a JSON number or one of the sentinels left by Read.
func (f *Float) UnmarshalJSON(b []byte) error {
	if v, ok := sentinelValue(b); ok {
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

// sentinelValue reports whether raw JSON is one of the sentinels, and which value it stands for.
func sentinelValue(b []byte) (float64, bool) {
	switch string(bytes.TrimSpace(b)) {
	case sentinelNaN:
		return math.NaN(), true
	case sentinelInf:
		return math.Inf(1), true
	case sentinelNegInf:
		return math.Inf(-1), true
	}
	return 0, false
}

// formatFloat formats like encoding/json, then appends ".0" to integral values so that a float
// stays a float for Python readers.
func formatFloat(v float64) []byte {
	b, _ := json.Marshal(v) // finite: cannot fail
	if !bytes.ContainsAny(b, ".eE") {
		b = append(b, '.', '0')
	}
	return b
}

// fromSentinels replaces every sentinel in an encoded document by its bare token.
func fromSentinels(b []byte) []byte {
	if !bytes.Contains(b, []byte(`\u0049\u006e\u0066`)) && !bytes.Contains(b, []byte(sentinelNaN)) {
		return b
	}
	b = bytes.ReplaceAll(b, []byte(sentinelNaN), []byte("NaN"))
	b = bytes.ReplaceAll(b, []byte(sentinelNegInf), []byte("-Infinity"))
	return bytes.ReplaceAll(b, []byte(sentinelInf), []byte("Infinity"))
}

// toSentinels replaces the bare tokens NaN, Infinity and -Infinity outside strings by sentinels,
// so that encoding/json can parse a document Inspect wrote.
func toSentinels(b []byte) []byte {
	return jsontok.RewriteNonFinite(b, func(tok string) string {
		switch tok {
		case "NaN":
			return sentinelNaN
		case "Infinity":
			return sentinelInf
		}
		return sentinelNegInf
	})
}

// UnmarshalNonFinite decodes JSON that may hold the bare tokens NaN,
// Infinity and -Infinity (as Python and Inspect write them) into v; Float
// fields receive the non-finite values.
func UnmarshalNonFinite(b []byte, v any) error {
	return json.Unmarshal(toSentinels(b), v)
}

// MarshalNonFinite encodes v as Python reads it: Float fields that are
// NaN or infinite as the bare tokens NaN, Infinity and -Infinity.
func MarshalNonFinite(v any) ([]byte, error) {
	b, err := marshal(v)
	if err != nil {
		return nil, err
	}
	return fromSentinels(b), nil
}
