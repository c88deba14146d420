package jsonenc

import (
	"bytes"
	"encoding/json"
	"math"

	"github.com/swarmhost/swarmhost/host/internal/jsontok"
)

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

// SentinelValue reports whether raw JSON is one of the sentinels, and which value it stands for.
func SentinelValue(b []byte) (float64, bool) {
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

// FormatFloat writes a finite float like Python does (1.0, not 1) and a
// non-finite one as its sentinel, which [FromSentinels] makes the bare token
// Inspect writes.
func FormatFloat(v float64) []byte {
	switch {
	case math.IsNaN(v):
		return []byte(sentinelNaN)
	case math.IsInf(v, 1):
		return []byte(sentinelInf)
	case math.IsInf(v, -1):
		return []byte(sentinelNegInf)
	}
	return formatFloat(v)
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

// FromSentinels replaces every sentinel in an encoded document by its bare token.
func FromSentinels(b []byte) []byte {
	if !bytes.Contains(b, []byte(`\u0049\u006e\u0066`)) && !bytes.Contains(b, []byte(sentinelNaN)) {
		return b
	}
	b = bytes.ReplaceAll(b, []byte(sentinelNaN), []byte("NaN"))
	b = bytes.ReplaceAll(b, []byte(sentinelNegInf), []byte("-Infinity"))
	return bytes.ReplaceAll(b, []byte(sentinelInf), []byte("Infinity"))
}

// ToSentinels replaces the bare tokens NaN, Infinity and -Infinity outside strings by sentinels,
// so that encoding/json can parse a document Inspect wrote.
func ToSentinels(b []byte) []byte {
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
