package dataset

import (
	"bufio"
	"errors"
	"fmt"
	"io"
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
	// Offset is the row's byte offset in its file, where [Rows] reads it
	// alone (a JSON Lines or CSV row); -1 when it cannot be read alone (an
	// element of a JSON document).
	Offset int64
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
	return IndexEach(path, opts, nil)
}

// IndexEach is [Index], passing each good row's sample to each (when not
// nil) as it is read, so that a caller checks every sample in the same
// read; an error from each ends the read with that error.
func IndexEach(path string, opts Options, each func(pos int, s Sample) error) ([]Entry, error) {
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
			if each != nil {
				if err := each(pos, c.Sample); err != nil {
					return err
				}
			}
		}
		entries = append(entries, Entry{ID: c.ID, Pos: pos, Line: c.Line, Offset: c.offset})
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
	offset    int64
}

// convertAt converts r, the row at 0-based position pos, and assigns its id.
func convertAt(r row, pos int, opts Options) converted {
	s, problems := convert(r, opts.Fields)
	c := converted{Sample: s, problems: problems, offset: r.offset}
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
	bom := int64(skipBOM(r))
	switch format {
	case FormatJSON:
		return scanJSON(path, r, fn)
	case FormatJSONL:
		return scanJSONL(r, bom, fn)
	default:
		return scanCSV(path, r, bom, fn)
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

// Rows reads single rows of a JSON Lines or CSV dataset file by their
// entries, for a run whose plan is not in file order (a shuffled dataset):
// each row is read from its offset when its turn comes, so the run holds
// the entries, not the rows. It is for a file [Index] accepted.
type Rows struct {
	f      *os.File
	path   string
	format string
	opts   Options
	header []string
}

// OpenRows opens the dataset file at path for [Rows.At]. A JSON document
// cannot be read a row at a time: an error.
func OpenRows(path string, opts Options) (*Rows, error) {
	format, err := formatOf(path, opts.Format)
	if err != nil {
		return nil, err
	}
	if format == FormatJSON {
		return nil, fmt.Errorf("dataset: %s: the rows of a JSON document cannot be read one at a time", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("dataset: %w", err)
	}
	rs := &Rows{f: f, path: path, format: format, opts: opts}
	if format == FormatCSV {
		r := bufio.NewReaderSize(f, readBuffer)
		skipBOM(r)
		if rs.header, err = csvHeader(path, r); err != nil {
			_ = f.Close()
			return nil, err
		}
	}
	return rs, nil
}

// At reads the row of e, with the id Index gave it.
func (rs *Rows) At(e Entry) (Sample, error) {
	if e.Offset < 0 {
		return Sample{}, fmt.Errorf("dataset: %s:%d: the row has no offset", rs.path, e.Line)
	}
	in := bufio.NewReaderSize(io.NewSectionReader(rs.f, e.Offset, 1<<62), 4096)
	var r row
	var err error
	if rs.format == FormatJSONL {
		r, err = jsonlAt(in, e.Line)
	} else {
		r, err = csvAt(in, rs.header, e.Line)
	}
	if err != nil {
		return Sample{}, &RowError{File: rs.path, Line: e.Line, Msg: "cannot read the row again: " + err.Error()}
	}
	c := convertAt(r, e.Pos, rs.opts)
	if len(c.problems) > 0 {
		return Sample{}, &RowError{File: rs.path, Line: e.Line, Msg: c.problems[0]}
	}
	return c.Sample, nil
}

// Close closes the file.
func (rs *Rows) Close() error { return rs.f.Close() }
