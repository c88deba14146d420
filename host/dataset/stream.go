package dataset

import (
	"bufio"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
)

// Entry is what a run keeps of one dataset row for its whole length: the
// sample's id and where its row is, so the row can be streamed again when
// its turn comes (host/eval), never the row itself.
type Entry struct {
	// ID is the sample's id, as [Sample.ID].
	ID any
	// Pos is the row's 0-based position among the source's rows: what
	// [Scan] passes with the row.
	Pos int
	// Line is the row's line, as [Sample.Line].
	Line int
}

// readBuffer is the read buffer of a dataset file: the most of the file
// held at once, beside the row being converted.
const readBuffer = 64 << 10

// Index reads the dataset file at path once, one row at a time, and returns
// every sample's [Entry], shuffled and limited as opts say: the same ids in
// the same order as [Read], without holding the samples. A bad row is
// reported as by Read (every [*RowError], joined), and then no entry is
// returned.
func Index(path string, opts Options) ([]Entry, error) {
	format, err := formatOf(path, opts.Format)
	if err != nil {
		return nil, err
	}
	if err := checkFileUTF8(path); err != nil {
		return nil, err
	}
	var entries []Entry
	var rowErrs []error
	ids := newIDCheck(path)
	err = eachSample(path, format, opts, func(pos int, c converted) error {
		for _, p := range c.problems {
			rowErrs = append(rowErrs, &RowError{File: path, Line: c.Line, Msg: p})
		}
		if len(c.problems) == 0 {
			ids.add(c)
		}
		entries = append(entries, Entry{ID: c.ID, Pos: pos, Line: c.Line})
		return nil
	})
	if err != nil {
		return nil, err
	}
	if errs := append(rowErrs, ids.errs...); len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	if len(entries) == 0 {
		return nil, &RowError{File: path, Msg: "no samples"}
	}
	return orderEntries(entries, opts), nil
}

// Scan streams the samples of the dataset file at path to fn, in file
// order, one at a time, each with its position ([Entry.Pos]) and the id
// [Index] gives it; it neither shuffles nor limits. It is for a file Index
// accepted: a bad row stops it with a [*RowError]. An error from fn stops
// the reading and is returned.
func Scan(path string, opts Options, fn func(pos int, s Sample) error) error {
	format, err := formatOf(path, opts.Format)
	if err != nil {
		return err
	}
	return eachSample(path, format, opts, func(pos int, c converted) error {
		if len(c.problems) > 0 {
			return &RowError{File: path, Line: c.Line, Msg: c.problems[0]}
		}
		return fn(pos, c.Sample)
	})
}

// converted is one row converted: the sample with its id assigned, the
// row's problems, and whether the id was generated from the position.
type converted struct {
	Sample
	problems  []string
	generated bool
}

// convertAt converts r, the row at 0-based position pos, and assigns its id.
func convertAt(r row, pos int, opts Options) converted {
	s, problems := convert(r, opts.Fields)
	c := converted{Sample: s, problems: problems}
	if opts.AutoID || c.ID == nil {
		c.ID, c.generated = pos+1, true
	}
	return c
}

// eachSample reads the file's rows in order and passes each converted.
func eachSample(path, format string, opts Options, fn func(pos int, c converted) error) error {
	pos := 0
	return eachRow(path, format, func(r row) error {
		c := convertAt(r, pos, opts)
		pos++
		return fn(pos-1, c)
	})
}

// eachRow opens the file and passes each of its rows to fn, in order.
func eachRow(path, format string, fn func(row) error) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("dataset: %w", err)
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, readBuffer)
	skipBOM(r)
	switch format {
	case FormatJSON:
		return scanJSON(path, r, fn)
	case FormatJSONL:
		return scanJSONL(r, fn)
	default:
		return scanCSV(path, r, fn)
	}
}

// skipBOM skips a UTF-8 byte-order mark at the start of r and returns its
// length (0 without one).
func skipBOM(r *bufio.Reader) int {
	if b, _ := r.Peek(3); string(b) == "\ufeff" {
		_, _ = r.Discard(3)
		return 3
	}
	return 0
}

// orderEntries shuffles (when asked) and then limits the entries, as order
// does samples: the same seed draws the same permutation.
func orderEntries(entries []Entry, opts Options) []Entry {
	if opts.Shuffle {
		r := rand.New(rand.NewPCG(uint64(opts.Seed), 0))
		r.Shuffle(len(entries), func(i, j int) { entries[i], entries[j] = entries[j], entries[i] })
	}
	if opts.Limit > 0 && opts.Limit < len(entries) {
		entries = entries[:opts.Limit]
	}
	return entries
}
