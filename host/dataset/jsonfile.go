package dataset

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
)

// parseJSON reads a JSON document: a list of objects, or one object (as
// Inspect accepts). Malformed JSON stops the reading, since nothing after
// the error can be trusted; it is reported at its line.
func parseJSON(file string, data []byte) ([]row, error) {
	lines := newLineIndex(data)
	dec := newDecoder(data)
	start := skipSeparators(data, 0)
	tok, err := dec.Token()
	if err != nil {
		return nil, jsonError(file, lines, start, err)
	}
	if tok == json.Delim('{') {
		v, err := decodeValue(data)
		if err != nil {
			return nil, jsonError(file, lines, start, err)
		}
		return []row{objectRow(v, lines.at(start))}, nil
	}
	if tok != json.Delim('[') {
		return nil, &RowError{File: file, Line: lines.at(start), Msg: "a JSON dataset must be a list of objects"}
	}
	return jsonElements(file, data, lines, dec)
}

// jsonElements reads the elements of the list dec has just opened.
func jsonElements(file string, data []byte, lines lineIndex, dec *json.Decoder) ([]row, error) {
	var rows []row
	for dec.More() {
		start := skipSeparators(data, int(dec.InputOffset()))
		var v any
		if err := dec.Decode(&v); err != nil {
			return nil, jsonError(file, lines, start, err)
		}
		rows = append(rows, objectRow(v, lines.at(start)))
	}
	end := int(dec.InputOffset())
	if _, err := dec.Token(); err != nil {
		return nil, jsonError(file, lines, end, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, &RowError{File: file, Line: lines.at(skipSeparators(data, int(dec.InputOffset()))), Msg: "malformed JSON: extra data after the list"}
	}
	return rows, nil
}

// parseJSONL reads one object per non-blank line; a malformed line is a bad
// row and the reading goes on.
func parseJSONL(data []byte) []row {
	var rows []row
	for i, line := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		v, err := decodeValue(line)
		if err != nil {
			rows = append(rows, row{line: i + 1, err: "malformed JSON: " + jsonMessage(err)})
			continue
		}
		rows = append(rows, objectRow(v, i+1))
	}
	return rows
}

// objectRow makes a row of a decoded value, which must be an object.
func objectRow(v any, line int) row {
	if m, ok := fromSentinels(v).(map[string]any); ok {
		return row{line: line, values: m}
	}
	return row{line: line, err: fmt.Sprintf("a row must be a JSON object, not %s", typeName(v))}
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
// when there is one, else start.
func jsonError(file string, lines lineIndex, start int, err error) *RowError {
	var syn *json.SyntaxError
	at := start
	if errors.As(err, &syn) {
		at = int(syn.Offset) - 1
	} else if errors.Is(err, io.ErrUnexpectedEOF) || err == io.EOF {
		at = len(lines.data)
	}
	return &RowError{File: file, Line: lines.at(at), Msg: "malformed JSON: " + jsonMessage(err)}
}

// jsonMessage words a decoding error for a person.
func jsonMessage(err error) string {
	if errors.Is(err, io.ErrUnexpectedEOF) || err == io.EOF {
		return "unexpected end of data"
	}
	return err.Error()
}

// skipSeparators returns the offset of the first byte at or after i that is
// not JSON whitespace or a comma.
func skipSeparators(data []byte, i int) int {
	for i < len(data) && bytes.IndexByte([]byte(" \t\r\n,"), data[i]) >= 0 {
		i++
	}
	return i
}

// lineIndex maps byte offsets to 1-based line numbers.
type lineIndex struct {
	data     []byte
	newlines []int
}

func newLineIndex(data []byte) lineIndex {
	idx := lineIndex{data: data}
	for i, b := range data {
		if b == '\n' {
			idx.newlines = append(idx.newlines, i)
		}
	}
	return idx
}

// at returns the line holding offset.
func (l lineIndex) at(offset int) int {
	return sort.SearchInts(l.newlines, offset) + 1
}
