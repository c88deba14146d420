package dataset

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// maxUTF8Errors bounds how many invalid lines one file reports.
const maxUTF8Errors = 20

// checkUTF8 returns a [*RowError] for each line of data (at most
// maxUTF8Errors) holding bytes that are not UTF-8, naming the line and the
// byte offset in the file of the first bad byte (offset is where data
// starts in the file: after a byte-order mark). Datasets must be UTF-8:
// samples cross gRPC as protobuf strings, and JSON decoding would replace
// the bytes silently, so a bad byte is refused before anything runs.
func checkUTF8(file string, data []byte, offset int) []error {
	if utf8.Valid(data) {
		return nil
	}
	var errs []error
	line, start := 1, 0
	for start <= len(data) && len(errs) < maxUTF8Errors {
		end := bytes.IndexByte(data[start:], '\n')
		if end < 0 {
			end = len(data) - start
		}
		text := data[start : start+end]
		if bad := firstInvalid(text); bad >= 0 {
			errs = append(errs, &RowError{File: file, Line: line, Msg: fmt.Sprintf(
				"invalid UTF-8 at byte offset %d (column %d): byte 0x%02x; datasets must be UTF-8 "+
					"(convert the file, e.g. iconv -f latin1 -t utf-8)", offset+start+bad, bad+1, text[bad])})
		}
		line, start = line+1, start+end+1
	}
	return errs
}

// firstInvalid returns the index of the first byte of b that does not
// start a valid UTF-8 sequence, or -1.
func firstInvalid(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return -1
}
