package dataset

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"unicode/utf8"
)

// maxUTF8Errors bounds how many invalid lines one file reports.
const maxUTF8Errors = 20

// checkFileUTF8 returns a [*RowError] for each line of the file (at most
// maxUTF8Errors) holding bytes that are not UTF-8, joined, naming the line
// and the byte offset in the file of the first bad byte; nil when the file
// is UTF-8. It reads the file in a stream: a byte-order mark is skipped.
// Datasets must be UTF-8: samples cross gRPC as protobuf strings, and JSON
// decoding would replace the bytes silently, so a bad byte is refused
// before anything runs.
func checkFileUTF8(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("dataset: %w", err)
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, readBuffer)
	errs, err := checkUTF8(path, r, skipBOM(r))
	if err != nil {
		return fmt.Errorf("dataset: %w", err)
	}
	return errors.Join(errs...)
}

// checkUTF8 checks r, which starts at offset in the file, line by line.
func checkUTF8(file string, r *bufio.Reader, offset int) ([]error, error) {
	var errs []error
	line, col, at, reported := 1, 0, offset, false
	for len(errs) < maxUTF8Errors {
		b, err := r.ReadByte()
		if err == io.EOF {
			return errs, nil
		}
		if err != nil {
			return errs, err
		}
		size := 1
		switch {
		case b == '\n':
			line, col, at, reported = line+1, 0, at+1, false
			continue
		case b >= utf8.RuneSelf:
			_ = r.UnreadByte()
			next, _ := r.Peek(utf8.UTFMax)
			if c, n := utf8.DecodeRune(next); c != utf8.RuneError || n > 1 {
				size = n
			} else if !reported {
				reported = true
				errs = append(errs, &RowError{File: file, Line: line, Msg: fmt.Sprintf(
					"invalid UTF-8 at byte offset %d (column %d): byte 0x%02x; datasets must be UTF-8 "+
						"(convert the file, e.g. iconv -f latin1 -t utf-8)", at, col+1, b)})
			}
			_, _ = r.Discard(size)
		}
		col, at = col+size, at+size
	}
	return errs, nil
}
