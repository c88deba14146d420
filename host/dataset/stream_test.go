package dataset

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRowsAt reads every row of a shuffled dataset alone, from the offset
// Index recorded, and gets the samples Read gets, in the shuffled order:
// JSON Lines and CSV, with a byte-order mark, blank lines and a quoted cell
// over two lines. A JSON document's rows cannot be read alone.
func TestRowsAt(t *testing.T) {
	t.Parallel()
	tests := map[string]struct{ file, content string }{
		"jsonl": {file: "data.jsonl", content: "\ufeff{\"id\": \"a\", \"input\": \"x\"}\n\n{\"input\": \"y\", \"metadata\": {\"v\": Infinity}}\r\n" +
			"{\"id\": 7, \"input\": [{\"role\": \"user\", \"content\": \"z\"}], \"target\": [\"1\", \"2\"]}"},
		"csv": {file: "data.csv", content: "\ufeffid,input,target\na,x,1\n\nb,\"two\nlines\",2\nc,z,3\n"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			path := writeData(t, tc.file, tc.content)
			opts := Options{Shuffle: true, Seed: 3}
			want, err := Read(path, opts)
			require.NoError(t, err)
			entries, err := Index(path, opts)
			require.NoError(t, err)
			rows, err := OpenRows(path, opts)
			require.NoError(t, err)
			defer rows.Close()
			for i, e := range entries {
				got, err := rows.At(e)
				require.NoError(t, err)
				assert.Equal(t, want[i], got, "row %d", e.Line)
			}
		})
	}
	_, err := OpenRows(writeData(t, "data.json", `[{"input": "x"}]`), Options{})
	assert.ErrorContains(t, err, "cannot be read one at a time")
}
