package evallog

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"
)

// Writer writes one eval's log file incrementally, so that a crash of the host leaves a
// complete file: status "started" and every sample added so far. Each sample is encoded once,
// when added, into a spool file beside the log (see spool), so the samples cost no memory.
//
// A new sample of up to 1 MiB is appended in place: one write of the sample and the closing
// brackets at the old end of the samples list, undone if it fails. The cost of a sample then
// does not grow with the log (rewriting the whole file for each sample wrote O(n²) bytes:
// 40 GB for 1 000 samples of 80 KB). The price is a window of the write's length (~0.1 ms
// for a typical sample) in which a reader sees a partly written end, and in which a host
// killed mid-write leaves the end cut off; Resume repairs such a log back to its last
// complete sample. Everything else — the first write, a sample that replaces another, a larger
// sample, the first sample after Resume, Finish — rewrites the whole file atomically (temp
// file in the same directory, rename), which also sorts the samples by (epoch, id) as Inspect
// sorts them; between rewrites appended samples are in the order they finished. A Writer is
// safe for concurrent use; Finish or Close releases its spool.
//
// Create and Finish fsync the file and its directory. AddSample does not: an fsync per sample
// made the disk, not the eval, the bottleneck of many-sample runs (BENCHMARKS.md). A power
// loss can therefore lose the latest samples or damage the file's end. Concurrent rewrites
// are shared (group commit): each AddSample returns once its sample is in the file.
type Writer struct {
	mu      sync.Mutex
	path    string
	header  EvalLog // without samples and reductions
	samples []encodedSample
	spool   *spool
	done    bool
	// flushMu is held by the one goroutine writing the file. version counts the changes
	// to samples and written is the version the last whole rewrite held; both are guarded
	// by mu.
	flushMu sync.Mutex
	version uint64
	written uint64
	// disk is what an append needs to know of the file (guarded by flushMu); appendMax is
	// the largest sample appended.
	disk      diskLayout
	appendMax int64
}

// encodedSample is a sample ready to be written, with the key it is sorted and replaced by:
// its encoding is the spans of the spool, in order.
type encodedSample struct {
	id    SampleID
	epoch int
	parts []span
}

// Create starts the log of one eval in dir (created if missing) and writes it at once with
// status "started" and no samples. It fills what the header leaves unset: version 2, the
// eval, run and task ids (NewID), the created time (now), and the top-level tags and metadata
// (from header.Eval). Created is truncated to seconds, as Inspect writes it. The file is named
// by FileName; Create fails if it already exists (use Resume to continue a log).
func Create(dir string, header EvalLog) (*Writer, error) {
	prepareHeader(&header)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("evallog: create log dir: %w", err)
	}
	path := filepath.Join(dir, FileName(header.Eval.Created.Time, header.Eval.Task, header.Eval.TaskID))
	if _, err := os.Lstat(path); err == nil {
		return nil, fmt.Errorf("evallog: log %s already exists", path)
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("evallog: create: %w", err)
	}
	sp, err := openSpool(dir, path)
	if err != nil {
		return nil, err
	}
	w := &Writer{path: path, header: header, spool: sp, appendMax: defaultAppendMax}
	if err := w.flushWith(nil, true); err != nil {
		sp.close()
		return nil, err
	}
	if err := w.rewritten(0); err != nil {
		sp.close()
		return nil, err
	}
	return w, nil
}

// prepareHeader fills the header fields Create derives.
func prepareHeader(h *EvalLog) {
	h.Version, h.Status = Version, StatusStarted
	h.Samples, h.Reductions, h.Results, h.Error = nil, nil, nil, nil
	for _, id := range []*string{&h.Eval.EvalID, &h.Eval.RunID, &h.Eval.TaskID} {
		if *id == "" {
			*id = NewID()
		}
	}
	if h.Eval.Created.IsZero() {
		h.Eval.Created = TimeOf(time.Now())
	}
	h.Eval.Created = TimeOf(h.Eval.Created.Truncate(time.Second))
	if h.Tags == nil {
		h.Tags = slices.Sorted(slices.Values(h.Eval.Tags))
	}
	if h.Metadata == nil {
		h.Metadata = h.Eval.Metadata
	}
}

// Path returns the log file's path.
func (w *Writer) Path() string { return w.path }

// Has reports whether the log holds a sample for id and epoch (for resuming).
func (w *Writer) Has(id SampleID, epoch int) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	_, found := w.find(id, epoch)
	return found
}

// find returns where the sample (id, epoch) is or would go in the sorted list.
func (w *Writer) find(id SampleID, epoch int) (int, bool) {
	return slices.BinarySearchFunc(w.samples, encodedSample{id: id, epoch: epoch}, compareSamples)
}

// compareSamples orders samples by epoch, then id, as Inspect's sort_samples does; the int 1
// and the string "00000000000000000001", which Inspect sorts alike, are told apart last.
func compareSamples(a, b encodedSample) int {
	return cmp.Or(
		cmp.Compare(a.epoch, b.epoch),
		cmp.Compare(a.id.sortKey(), b.id.sortKey()),
		cmp.Compare(a.id.String(), b.id.String()),
		compareBool(a.id.isNum, b.id.isNum),
	)
}

// compareBool orders false before true.
func compareBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}
