package evallog

import (
	"archive/zip"

	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// Members of an .eval log (Inspect's zip format): the eval's start, a summary journal entry
// per sample, one file per sample, and at the end the summaries, reductions and header.
const (
	evalStartName      = "_journal/start.json"
	evalJournalDir     = "_journal/summaries/"
	evalSamplesDir     = "samples/"
	evalSummariesName  = "summaries.json"
	evalReductionsName = "reductions.json"
	evalHeaderName     = "header.json"
)

// EvalWriter writes one eval's log in Inspect's .eval format, incrementally and with the
// guarantees of Writer: the file is a complete zip Inspect reads after Create and after every
// AddSample, holding the eval's start and every sample added so far (status "started" while
// header.json is absent); Finish adds the summaries, reductions and header. Each sample is
// appended in place where the zip's directory was, and the directory is written after it (see
// zipAppender): a host killed during that write leaves the directory out, which ResumeLog
// repairs back to the last complete sample. Create and Finish fsync; AddSample does not. Safe
// for concurrent use.
type EvalWriter struct {
	mu        sync.Mutex
	path      string
	header    EvalLog
	zip       *zipAppender
	summaries map[string]EvalSampleSummary // by sample file name
	journal   int
	done      bool
}

// createEval starts an .eval log in dir, as Create does for .json.
func createEval(dir string, header EvalLog) (*EvalWriter, error) {
	prepareHeader(&header)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("evallog: create log dir: %w", err)
	}
	name := strings.TrimSuffix(FileName(header.Eval.Created.Time, header.Eval.Task, header.Eval.TaskID), ".json") + ".eval"
	path := filepath.Join(dir, name)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, fmt.Errorf("evallog: create: %w", err)
	}
	w := &EvalWriter{path: path, header: header, zip: &zipAppender{f: f}, summaries: map[string]EvalSampleSummary{}}
	if err := w.writeStart(); err != nil {
		_ = f.Close()
		return nil, err
	}
	if err := syncFileAndDir(f, dir); err != nil {
		_ = f.Close()
		return nil, err
	}
	return w, nil
}

// writeStart writes _journal/start.json: the version, eval and plan.
func (w *EvalWriter) writeStart() error {
	start := struct {
		Version int      `json:"version"`
		Eval    EvalSpec `json:"eval"`
		Plan    EvalPlan `json:"plan"`
	}{w.header.Version, w.header.Eval, w.header.Plan}
	return w.zip.add(evalStartName, jsonDoc(start, "start"))
}

// jsonDoc writes v as an indented JSON document, non-finite numbers as bare tokens.
func jsonDoc(v any, what string) func(io.Writer) error {
	return func(out io.Writer) error {
		b, err := encodeIndented(v, "", what)
		if err != nil {
			return err
		}
		_, err = out.Write(b)
		return err
	}
}

// Path returns the log file's path.
func (w *EvalWriter) Path() string { return w.path }

// sampleName is the member a sample is written to, as Inspect names it.
func sampleName(id SampleID, epoch int) string {
	return fmt.Sprintf("%s%s_epoch_%d.json", evalSamplesDir, id.String(), epoch)
}

// Has reports whether the log holds a sample for id and epoch (for resuming).
func (w *EvalWriter) Has(id SampleID, epoch int) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	_, ok := w.summaries[sampleName(id, epoch)]
	return ok
}

// AddSample writes one sample and its summary; a sample with the same id and epoch replaces
// the earlier one.
func (w *EvalWriter) AddSample(s EvalSample) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.done {
		return errors.New("evallog: AddSample after Finish or Close")
	}
	name := sampleName(s.ID, s.Epoch)
	if err := w.zip.add(name, func(out io.Writer) error { return writeSampleAt(out, s, "") }); err != nil {
		return fmt.Errorf("evallog: add sample %s epoch %d: %w", s.ID, s.Epoch, err)
	}
	sum := summaryOf(s)
	w.summaries[name] = sum
	w.journal++
	return w.zip.add(fmt.Sprintf("%s%d.json", evalJournalDir, w.journal), jsonDoc([]EvalSampleSummary{sum}, "summary"))
}

// Finish writes the summaries (sorted as Inspect sorts samples), the reductions and the header
// with the final status, results and stats, and closes the file.
func (w *EvalWriter) Finish(status string, results *EvalResults, stats EvalStats, reductions []EvalSampleReductions,
	evalErr *EvalError) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.done {
		return errors.New("evallog: Finish after Finish or Close")
	}
	w.done = true
	defer w.zip.f.Close()
	h := w.header
	h.Status, h.Results, h.Stats, h.Error = status, results, stats, evalErr
	if err := w.zip.add(evalSummariesName, jsonDoc(w.sortedSummaries(), "summaries")); err != nil {
		return err
	}
	if len(reductions) > 0 {
		if err := w.zip.add(evalReductionsName, jsonDoc(reductions, "reductions")); err != nil {
			return err
		}
	}
	if err := w.zip.add(evalHeaderName, jsonDoc(h, "header")); err != nil {
		return err
	}
	return syncFileAndDir(w.zip.f, filepath.Dir(w.path))
}

// sortedSummaries are the summaries by (epoch, id), as Inspect sorts samples.
func (w *EvalWriter) sortedSummaries() []EvalSampleSummary {
	out := make([]EvalSampleSummary, 0, len(w.summaries))
	for _, s := range w.summaries {
		out = append(out, s)
	}
	slices.SortFunc(out, func(a, b EvalSampleSummary) int {
		return compareSamples(encodedSample{id: a.ID, epoch: a.Epoch}, encodedSample{id: b.ID, epoch: b.Epoch})
	})
	return out
}

// Close releases a writer that will not be finished; the file stays as it is.
func (w *EvalWriter) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.done {
		return nil
	}
	w.done = true
	return w.zip.f.Close()
}

// resumeEval reopens an .eval log swarmhost wrote, repairing a directory an interrupted add
// left out, so that a run can add the missing samples and finish it: the samples in it are
// kept; the summaries, reductions and header are dropped until Finish writes them again.
func resumeEval(path string) (*EvalWriter, error) {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return nil, fmt.Errorf("evallog: resume: %w", err)
	}
	entries, err := zipEntries(f)
	if err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("evallog: resume %s: %w", path, err)
	}
	z := &zipAppender{f: f, entries: entries}
	for _, e := range entries {
		z.dirAt = max(z.dirAt, e.end())
	}
	w := &EvalWriter{path: path, zip: z, summaries: map[string]EvalSampleSummary{}}
	if err := z.writeDirectory(); err != nil { // the repaired directory, when it was cut off
		_ = f.Close()
		return nil, err
	}
	if err := w.reload(); err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("evallog: resume %s: %w", path, err)
	}
	if err := z.drop(evalSummariesName, evalReductionsName, evalHeaderName); err != nil {
		_ = f.Close()
		return nil, err
	}
	return w, nil
}

// reload reads the header (from start.json) and the samples' summaries from the journal.
func (w *EvalWriter) reload() error {
	info, err := w.zip.f.Stat()
	if err != nil {
		return err
	}
	r, err := zip.NewReader(io.NewSectionReader(w.zip.f, 0, info.Size()), info.Size())
	if err != nil {
		return err
	}
	if err := checkArchive(r, info.Size()); err != nil {
		return err
	}
	if err := readMember(r, evalStartName, &w.header); err != nil {
		return err
	}
	w.header.Status, w.header.Tags, w.header.Metadata = StatusStarted, nil, nil
	prepareHeader(&w.header)
	for _, f := range r.File {
		if !strings.HasPrefix(f.Name, evalJournalDir) {
			continue
		}
		w.journal++
		var sums []EvalSampleSummary
		if err := readMember(r, f.Name, &sums); err != nil {
			return err
		}
		for _, s := range sums {
			if name := sampleName(s.ID, s.Epoch); w.zip.has(name) {
				w.summaries[name] = s
			}
		}
	}
	w.summarizeUnjournaled(r)
	return nil
}

// summarizeUnjournaled gives every complete sample member whose journal
// entry a killed writer did not get to (AddSample writes the sample, then
// its summary) the summary AddSample would have journaled, so that the
// writer holds every sample [ReadRepaired] reads instead of running it
// again. A member that does not read is left to be replaced.
func (w *EvalWriter) summarizeUnjournaled(r *zip.Reader) {
	for _, f := range r.File {
		name := f.Name
		if !strings.HasPrefix(name, evalSamplesDir) || !strings.HasSuffix(name, ".json") || !w.zip.has(name) {
			continue
		}
		if _, ok := w.summaries[name]; ok {
			continue
		}
		var s EvalSample
		if readMember(r, name, &s) == nil && sampleName(s.ID, s.Epoch) == name {
			w.summaries[name] = summaryOf(s)
		}
	}
}

// zipEntries lists a zip's members from its directory or, when the directory is damaged,
// from its local headers.
func zipEntries(f *os.File) ([]zipEntry, error) {
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	r, err := zip.NewReader(io.NewSectionReader(f, 0, info.Size()), info.Size())
	if err != nil {
		return scanLocalHeaders(f)
	}
	out := make([]zipEntry, 0, len(r.File))
	for _, zf := range r.File {
		at, err := zf.DataOffset()
		if err != nil || zf.Method != zip.Deflate {
			return nil, fmt.Errorf("%s: not a member swarmhost wrote", zf.Name)
		}
		out = append(out, zipEntry{name: zf.Name, offset: at - zipLocalLen - int64(len(zf.Name)), crc: zf.CRC32,
			csize: zf.CompressedSize64, usize: zf.UncompressedSize64, modTime: zf.Modified})
	}
	slices.SortFunc(out, func(a, b zipEntry) int { return cmp.Compare(a.offset, b.offset) })
	return out, nil
}

// readMember decodes one member of an archive into v.
// Bounds of a member of an .eval log read: a log from elsewhere is
// untrusted input, and a 519 KiB zip bomb took the host to 1.5 GiB (issue
// 27). archive/zip refuses a member that inflates past its declared size,
// so the declared sizes are checked before anything is read.
const (
	// MaxMemberBytes is the most a member may inflate to.
	MaxMemberBytes = 256 << 20
	// MaxMemberRatio is the most a member larger than ratioFloor may
	// inflate by (JSON logs compress about 5-20 times).
	MaxMemberRatio = 200
	ratioFloor     = 16 << 20
)

// checkMemberSize refuses a member too large, or inflating too much, to read.
func checkMemberSize(fh *zip.FileHeader) error {
	size, packed := fh.UncompressedSize64, fh.CompressedSize64
	switch {
	case size > MaxMemberBytes:
		return fmt.Errorf("%s: inflates to %d bytes, over the %d a log member may have", fh.Name, size, MaxMemberBytes)
	case size > ratioFloor && size > MaxMemberRatio*max(packed, 1):
		return fmt.Errorf("%s: inflates %d times (%d bytes from %d), over a compression ratio of %d: "+
			"not a log swarmhost or Inspect wrote", fh.Name, size/max(packed, 1), size, packed, MaxMemberRatio)
	}
	return nil
}

func readMember(r *zip.Reader, name string, v any) error {
	f, err := r.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	if info, err := f.Stat(); err == nil {
		if fh, ok := info.Sys().(*zip.FileHeader); ok {
			if err := checkMemberSize(fh); err != nil {
				return err
			}
		}
	}
	raw, err := io.ReadAll(f)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if err := json.Unmarshal(jsonenc.ToSentinels(raw), v); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// syncFileAndDir fsyncs the file and its directory.
func syncFileAndDir(f *os.File, dir string) error {
	if err := f.Sync(); err != nil {
		return err
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
