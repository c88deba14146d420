package dataset

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestInvalidUTF8IsARowError: a byte that is not UTF-8, in any format, is
// a RowError naming the line and the byte offset in the file, never
// replaced and never read; valid UTF-8 (U+FFFD included) is read as is.
func TestInvalidUTF8IsARowError(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		file, data string
		want       []RowError // Msg: what the message starts with
	}{
		"csv": {file: "d.csv", data: "input,target\nok,1\ncaf\xe9,2\n",
			want: []RowError{{Line: 3, Msg: "invalid UTF-8 at byte offset 21 (column 4): byte 0xe9"}}},
		"json": {file: "d.json", data: "[\n{\"input\": \"a\"},\n{\"input\": \"b\xff\"}\n]",
			want: []RowError{{Line: 3, Msg: "invalid UTF-8 at byte offset 30 (column 13): byte 0xff"}}},
		"jsonl, two bad lines": {file: "d.jsonl", data: "{\"input\": \"\xc3\"}\n{\"input\": \"ok\"}\n{\"input\": \"\xed\xa0\x80\"}\n",
			want: []RowError{
				{Line: 1, Msg: "invalid UTF-8 at byte offset 11 (column 12): byte 0xc3"},
				{Line: 3, Msg: "invalid UTF-8 at byte offset 42 (column 12): byte 0xed"}}},
		"after a byte-order mark": {file: "d.csv", data: "\ufeffinput\n\x80\n",
			want: []RowError{{Line: 2, Msg: "invalid UTF-8 at byte offset 9 (column 1): byte 0x80"}}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			path := writeData(t, tc.file, tc.data)
			samples, err := Read(path, Options{})
			require.Error(t, err)
			assert.Nil(t, samples)
			errs := err.(interface{ Unwrap() []error }).Unwrap()
			require.Len(t, errs, len(tc.want))
			for i, e := range errs {
				var re *RowError
				require.True(t, errors.As(e, &re), e)
				assert.Equal(t, path, re.File)
				assert.Equal(t, tc.want[i].Line, re.Line)
				assert.Contains(t, re.Msg, tc.want[i].Msg)
				assert.Contains(t, re.Msg, "datasets must be UTF-8")
			}
		})
	}
}

// TestReplacementCharacterIsValid: U+FFFD written in the file is text.
func TestReplacementCharacterIsValid(t *testing.T) {
	t.Parallel()
	samples, err := Read(writeData(t, "d.jsonl", "{\"input\": \"a\ufffdb\"}\n"), Options{})
	require.NoError(t, err)
	assert.Equal(t, "a\ufffdb", samples[0].Input)
}
