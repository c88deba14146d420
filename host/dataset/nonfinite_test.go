package dataset

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNonFiniteTokensAreNumbers: NaN, Infinity and -Infinity written bare,
// as Python's json module writes them, are numbers in JSON and JSONL
// datasets (Inspect reads them); in a string they stay text, and a bad row
// is still reported at its line.
func TestNonFiniteTokensAreNumbers(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"d.jsonl": "{\"input\": \"q\", \"metadata\": {\"a\": NaN, \"b\": [Infinity, -Infinity], \"s\": \"NaN\"}}\n",
		"d.json":  "[\n  {\"input\": \"q\", \"metadata\": {\"a\": NaN, \"b\": [Infinity, -Infinity], \"s\": \"NaN\"}}\n]\n",
	}
	for file, data := range files {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			samples, err := Read(writeData(t, file, data), Options{})
			require.NoError(t, err)
			md := samples[0].Metadata
			assert.True(t, math.IsNaN(md["a"].(float64)))
			b := md["b"].([]any)
			assert.True(t, math.IsInf(b[0].(float64), 1))
			assert.True(t, math.IsInf(b[1].(float64), -1))
			assert.Equal(t, "NaN", md["s"])
		})
	}
	t.Run("a bad line after one with tokens", func(t *testing.T) {
		t.Parallel()
		_, err := Read(writeData(t, "d.jsonl", "{\"input\": \"q\", \"metadata\": {\"a\": NaN}}\n{\"input\": \n"), Options{})
		require.ErrorContains(t, err, "d.jsonl:2: malformed JSON")
	})
}
