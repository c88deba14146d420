package dataset

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
)

// row is one record of a dataset before conversion: its values by key, or
// the reason it could not be parsed at all.
type row struct {
	line   int
	values map[string]any
	err    string
	// offset is the row's byte offset in its file, where it can be read
	// alone (rowsAt); -1 when it cannot (a JSON document's elements,
	// inline rows).
	offset int64
}

// Read reads the dataset file at path. It returns every sample, shuffled and
// limited as opts say, or — when any row is bad — no sample and every
// [*RowError] joined. Failing to read the file, or an unknown format, is a
// plain error. Read holds every sample it returns: a run streams the rows
// instead ([Index], then [Scan]).
func Read(path string, opts Options) ([]Sample, error) {
	entries, err := Index(path, opts)
	if err != nil {
		return nil, err
	}
	at := make(map[int]int, len(entries))
	for i, e := range entries {
		at[e.Pos] = i
	}
	out := make([]Sample, len(entries))
	err = Scan(path, opts, func(pos int, s Sample) error {
		if i, ok := at[pos]; ok {
			out[i] = s
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// FromInline converts samples declared inline in a suite, with the same
// rules and checks as [Read]. Each row holds JSON-like values: strings,
// bools, numbers of any Go type, json.Number, json.RawMessage, slices and
// string-keyed maps. A sample's Line, and a [*RowError]'s, is its 1-based
// position in rows; a RowError from here has File "".
func FromInline(rows []map[string]any, opts Options) ([]Sample, error) {
	parsed := make([]row, len(rows))
	for i, values := range rows {
		parsed[i] = inlineRow(values, i+1)
	}
	return build("", parsed, opts)
}

// formatOf returns the format to read path with.
func formatOf(path, format string) (string, error) {
	switch format {
	case FormatJSON, FormatJSONL, FormatCSV:
		return format, nil
	case "":
	default:
		return "", fmt.Errorf("dataset: unknown format %q (want json, jsonl or csv)", format)
	}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".json":
		return FormatJSON, nil
	case ".jsonl", ".ndjson":
		return FormatJSONL, nil
	case ".csv":
		return FormatCSV, nil
	}
	return "", fmt.Errorf("dataset: cannot tell the format of %s from its extension; give the format (json, jsonl or csv)", path)
}

// build converts rows to samples, assigns and checks ids, then shuffles and
// limits. Any row problem fails the whole dataset.
func build(file string, rows []row, opts Options) ([]Sample, error) {
	samples := make([]Sample, len(rows))
	var errs []error
	ids := newIDCheck(file)
	for i, r := range rows {
		c := convertAt(r, i, opts)
		samples[i] = c.Sample
		for _, p := range c.problems {
			errs = append(errs, &RowError{File: file, Line: r.line, Msg: p})
		}
		if len(c.problems) == 0 {
			ids.add(c)
		}
	}
	if errs = append(errs, ids.errs...); len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	if len(samples) == 0 {
		return nil, &RowError{File: file, Msg: "no samples"}
	}
	return order(samples, opts), nil
}

// order shuffles (when asked) and then limits the samples, as Inspect does.
func order(samples []Sample, opts Options) []Sample {
	if opts.Shuffle {
		r := rand.New(rand.NewPCG(uint64(opts.Seed), 0))
		r.Shuffle(len(samples), func(i, j int) { samples[i], samples[j] = samples[j], samples[i] })
	}
	if opts.Limit > 0 && opts.Limit < len(samples) {
		samples = samples[:opts.Limit]
	}
	return samples
}
