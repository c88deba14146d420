package dataset

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
)

// scanCSV reads a CSV file with a header row, one record at a time. Cells
// are strings; a row with fewer cells than the header leaves the rest
// absent (as Python's DictReader), a row with more is a bad row, and so is
// a row the CSV reader cannot parse — the reading goes on after each.
func scanCSV(file string, in io.Reader, offset int64, fn func(row) error) error {
	r := csv.NewReader(in)
	r.FieldsPerRecord = -1
	header, err := r.Read()
	if err != nil {
		return csvHeaderError(file, err)
	}
	if msg := duplicateColumn(header); msg != "" {
		return &RowError{File: file, Line: 1, Msg: msg}
	}
	for lastErr := 0; ; {
		start := offset + r.InputOffset()
		rec, err := r.Read()
		var perr *csv.ParseError
		var next row
		switch {
		case err == nil:
			line, _ := r.FieldPos(0)
			next = csvRow(header, rec, line)
			next.offset = start
		case errors.As(err, &perr) && perr.StartLine != lastErr:
			lastErr = perr.StartLine
			next = row{line: perr.StartLine, err: "malformed CSV: " + perr.Err.Error(), offset: -1}
		default:
			return csvEnd(file, err)
		}
		if err := fn(next); err != nil {
			return err
		}
	}
}

// csvHeader reads a CSV file's header row.
func csvHeader(file string, in io.Reader) ([]string, error) {
	header, err := csv.NewReader(in).Read()
	if err != nil {
		return nil, csvHeaderError(file, err)
	}
	return header, nil
}

// csvAt reads the CSV record at the start of in, which is on line.
func csvAt(in io.Reader, header []string, line int) (row, error) {
	r := csv.NewReader(in)
	r.FieldsPerRecord = -1
	rec, err := r.Read()
	if err != nil {
		return row{}, err
	}
	return csvRow(header, rec, line), nil
}

// csvRow pairs a record's cells with the header's column names.
func csvRow(header, rec []string, line int) row {
	if len(rec) > len(header) {
		return row{line: line, err: fmt.Sprintf("row has %d fields; the header has %d", len(rec), len(header)), offset: -1}
	}
	values := make(map[string]any, len(rec))
	for i, cell := range rec {
		values[header[i]] = cell
	}
	return row{line: line, values: values, offset: -1}
}

// duplicateColumn names a column the header repeats, if any.
func duplicateColumn(header []string) string {
	seen := make(map[string]bool, len(header))
	for _, name := range header {
		if seen[name] {
			return fmt.Sprintf("the header names column %q twice", name)
		}
		seen[name] = true
	}
	return ""
}

// csvHeaderError reports a file whose header cannot be read; an empty file
// has no rows, which build reports as "no samples".
func csvHeaderError(file string, err error) error {
	var perr *csv.ParseError
	if errors.As(err, &perr) {
		return &RowError{File: file, Line: perr.StartLine, Msg: "malformed CSV header: " + perr.Err.Error()}
	}
	return csvEnd(file, err)
}

// csvEnd turns the reader's final error into Read's result: nil at the end
// of the data.
func csvEnd(file string, err error) error {
	var perr *csv.ParseError
	if errors.Is(err, io.EOF) {
		return nil
	}
	if errors.As(err, &perr) {
		return &RowError{File: file, Line: perr.StartLine, Msg: "malformed CSV: " + perr.Err.Error()}
	}
	return fmt.Errorf("dataset: %s: %w", file, err)
}
