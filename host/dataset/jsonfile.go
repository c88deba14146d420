package dataset

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// scanJSON reads a JSON document: a list of objects, or one object (as
// Inspect accepts), passing each object to fn as it is decoded, so only the
// current one is held. Malformed JSON stops the reading, since nothing after
// the error can be trusted; it is reported at its line.
func scanJSON(file string, r *bufio.Reader, fn func(row) error) error {
	line, err := skipSpace(r)
	if err != nil {
		return &RowError{File: file, Line: line, Msg: "malformed JSON: unexpected end of data"}
	}
	first, _ := r.Peek(1)
	w := &window{r: &sentinelReader{r: r}, line: line}
	dec := json.NewDecoder(w)
	dec.UseNumber()
	if len(first) == 1 && first[0] == '{' {
		return jsonObject(file, w, dec, fn)
	}
	tok, err := dec.Token()
	if err != nil {
		return jsonError(file, w, 0, err)
	}
	if tok != json.Delim('[') {
		return &RowError{File: file, Line: line, Msg: "a JSON dataset must be a list of objects"}
	}
	return jsonElements(file, w, dec, fn)
}

// skipSpace consumes JSON whitespace at the start of r and returns the line
// the document starts on; at the end of the data, an error.
func skipSpace(r *bufio.Reader) (int, error) {
	line := 1
	for {
		b, err := r.ReadByte()
		if err != nil {
			return line, err
		}
		switch b {
		case '\n':
			line++
		case ' ', '\t', '\r':
		default:
			return line, r.UnreadByte()
		}
	}
}

// jsonObject reads a document that is one object: a dataset of one row.
func jsonObject(file string, w *window, dec *json.Decoder, fn func(row) error) error {
	var v any
	if err := dec.Decode(&v); err != nil {
		return jsonError(file, w, 0, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return jsonError(file, w, 0, errors.New("extra data after the JSON value"))
	}
	return fn(objectRow(v, w.line))
}

// jsonElements reads the elements of the list dec has just opened.
func jsonElements(file string, w *window, dec *json.Decoder, fn func(row) error) error {
	for dec.More() {
		start := w.skip(int(dec.InputOffset()))
		line := w.lineAt(start)
		var v any
		if err := dec.Decode(&v); err != nil {
			return jsonError(file, w, start, err)
		}
		if err := fn(objectRow(v, line)); err != nil {
			return err
		}
	}
	end := int(dec.InputOffset())
	if _, err := dec.Token(); err != nil {
		return jsonError(file, w, end, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return &RowError{File: file, Line: w.lineAt(w.skip(int(dec.InputOffset()))), Msg: "malformed JSON: extra data after the list"}
	}
	return nil
}

// scanJSONL reads one object per non-blank line, holding one line at a
// time; a malformed line is a bad row and the reading goes on.
func scanJSONL(r *bufio.Reader, offset int64, fn func(row) error) error {
	for n := 1; ; n++ {
		line, err := r.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			next := jsonlRow(line, n)
			next.offset = offset
			if ferr := fn(next); ferr != nil {
				return ferr
			}
		}
		offset += int64(len(line))
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("dataset: %w", err)
		}
	}
}

// jsonlRow decodes the JSON Lines line numbered n.
func jsonlRow(line []byte, n int) row {
	v, err := decodeValue(withSentinels(line))
	if err != nil {
		return row{line: n, err: "malformed JSON: " + jsonMessage(err), offset: -1}
	}
	return objectRow(v, n)
}

// jsonlAt reads the JSON Lines row at the start of r.
func jsonlAt(r *bufio.Reader, line int) (row, error) {
	b, err := r.ReadBytes('\n')
	if err != nil && err != io.EOF {
		return row{}, err
	}
	return jsonlRow(b, line), nil
}

// objectRow makes a row of a decoded value, which must be an object.
func objectRow(v any, line int) row {
	if m, ok := fromSentinels(v).(map[string]any); ok {
		return row{line: line, values: m, offset: -1}
	}
	return row{line: line, err: fmt.Sprintf("a row must be a JSON object, not %s", typeName(v)), offset: -1}
}

// newDecoder decodes numbers as json.Number, keeping ints exact.
func newDecoder(data []byte) *json.Decoder {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return dec
}

// decodeValue decodes exactly one JSON value from data.
func decodeValue(data []byte) (any, error) {
	dec := newDecoder(data)
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("extra data after the JSON value")
	}
	return v, nil
}

// jsonError reports a JSON error at its line: the syntax error's own offset
// when there is one, the end of the data for a truncated document, else
// start.
func jsonError(file string, w *window, start int, err error) *RowError {
	var syn *json.SyntaxError
	at := start
	if errors.As(err, &syn) {
		at = int(syn.Offset) - 1
	} else if errors.Is(err, io.ErrUnexpectedEOF) || err == io.EOF {
		at = w.end()
	}
	return &RowError{File: file, Line: w.lineAt(max(at, w.base)), Msg: "malformed JSON: " + jsonMessage(err)}
}

// jsonMessage words a decoding error for a person.
func jsonMessage(err error) string {
	if errors.Is(err, io.ErrUnexpectedEOF) || err == io.EOF {
		return "unexpected end of data"
	}
	return err.Error()
}

// isSeparator reports JSON whitespace and the comma between elements.
func isSeparator(b byte) bool { return bytes.IndexByte([]byte(" \t\r\n,"), b) >= 0 }

// window follows a JSON decoder's input: it keeps the bytes read from the
// first offset still asked about on (what the decoder holds in its buffer,
// about one element), and counts the lines before, so a row's line is known
// without the whole document. Offsets asked about never go back.
type window struct {
	r io.Reader
	// base is the offset of buf[0] in the stream; line is its line.
	base, line int
	buf        []byte
}

// Read reads from the stream, keeping what it reads.
func (w *window) Read(p []byte) (int, error) {
	n, err := w.r.Read(p)
	w.buf = append(w.buf, p[:n]...)
	return n, err
}

// lineAt returns the 1-based line of offset and forgets the bytes before it.
func (w *window) lineAt(offset int) int {
	k := min(max(offset-w.base, 0), len(w.buf))
	w.line += bytes.Count(w.buf[:k], []byte("\n"))
	w.buf, w.base = w.buf[k:], w.base+k
	return w.line
}

// skip returns the offset of the first byte at or after offset that is not
// a separator, among those read.
func (w *window) skip(offset int) int {
	i := max(offset-w.base, 0)
	for i < len(w.buf) && isSeparator(w.buf[i]) {
		i++
	}
	return w.base + i
}

// end is the offset after the last byte read.
func (w *window) end() int { return w.base + len(w.buf) }
