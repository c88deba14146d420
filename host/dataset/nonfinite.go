package dataset

import (
	"encoding/json"
	"strings"

	"github.com/swarmhost/swarmhost/host/internal/jsontok"
)

// Python's json module reads and writes NaN, Infinity and -Infinity as bare
// tokens, so Inspect reads a dataset holding them; encoding/json does not.
// A JSON or JSONL dataset's tokens are rewritten as sentinel strings before
// decoding (lines stay where they were: no newline is added) and the
// sentinels become json.Numbers again in each decoded row, so they are
// numbers like any other (NaN and ±Inf in metadata, say).
const sentinelPrefix = "\x00swarmhost-non-finite:"

// withSentinels rewrites data's bare non-finite tokens outside strings.
func withSentinels(data []byte) []byte {
	return jsontok.RewriteNonFinite(data, func(tok string) string {
		b, _ := json.Marshal(sentinelPrefix + tok)
		return string(b)
	})
}

// fromSentinels turns the sentinels in a decoded value back into
// json.Numbers of their tokens (strconv.ParseFloat reads "NaN",
// "Infinity" and "-Infinity").
func fromSentinels(v any) any {
	switch x := v.(type) {
	case string:
		if tok, ok := strings.CutPrefix(x, sentinelPrefix); ok {
			return json.Number(tok)
		}
	case []any:
		for i, item := range x {
			x[i] = fromSentinels(item)
		}
	case map[string]any:
		for k, item := range x {
			x[k] = fromSentinels(item)
		}
	}
	return v
}
