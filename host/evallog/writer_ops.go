package evallog

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
)

// errFinished is returned by calls on a Writer after Finish.
var errFinished = errors.New("evallog: log already finished")

// AddSample adds a finished sample and rewrites the file; it returns once the file holds the
// sample. A sample with the same id and epoch as one already logged replaces it (the last one
// wins, as in Inspect). The sample is encoded before the lock is taken, so concurrent callers
// encode in parallel, and samples added while a rewrite runs go into the next one together.
// On error the file on disk is the previous complete version.
func (w *Writer) AddSample(s EvalSample) error {
	parts, err := w.encode(s)
	w.mu.Lock()
	if w.done {
		w.mu.Unlock()
		return errFinished
	}
	if err != nil {
		w.mu.Unlock()
		return err
	}
	w.put(encodedSample{id: s.ID, epoch: s.Epoch, parts: parts})
	w.version++
	v := w.version
	w.mu.Unlock()
	return w.writeUpTo(v)
}

// encode writes a sample into the spool and returns where it is.
func (w *Writer) encode(s EvalSample) ([]span, error) {
	sw := &spoolWriter{s: w.spool}
	if err := writeSample(sw, s); err != nil {
		return nil, err
	}
	return sw.done()
}

// writeUpTo returns once the file holds version v of the samples: it rewrites the file unless
// a rewrite that started after v was made (by another caller) has already done so.
func (w *Writer) writeUpTo(v uint64) error {
	w.flushMu.Lock()
	defer w.flushMu.Unlock()
	w.mu.Lock()
	if w.written >= v {
		w.mu.Unlock()
		return nil
	}
	cur := w.version
	write, err := w.document(nil)
	w.mu.Unlock()
	if err != nil {
		return err
	}
	if err := writeAtomic(w.path, false, write); err != nil {
		return err
	}
	w.mu.Lock()
	w.written = max(w.written, cur)
	w.mu.Unlock()
	return nil
}

// put inserts or replaces a sample, keeping the list sorted.
func (w *Writer) put(e encodedSample) {
	if i, found := w.find(e.id, e.epoch); found {
		w.samples[i] = e
	} else {
		w.samples = slices.Insert(w.samples, i, e)
	}
}

// Finish writes the final log: status ("success", "cancelled" or "error"), results (nil when
// nothing was scored), stats, the per-sample reductions and the error that halted the eval.
// No sample can be added afterwards. If the write fails the Writer stays open and Finish may be
// retried.
func (w *Writer) Finish(status string, results *EvalResults, stats EvalStats, reductions []EvalSampleReductions, evalErr *EvalError) error {
	switch status {
	case StatusSuccess, StatusCancelled, StatusError:
	default:
		return fmt.Errorf("evallog: finish status %q is not success, cancelled or error", status)
	}
	red, err := encodeReductions(reductions)
	if err != nil {
		return err
	}
	w.flushMu.Lock()
	defer w.flushMu.Unlock()
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.done {
		return errFinished
	}
	prev := w.header
	w.header.Status, w.header.Results, w.header.Stats, w.header.Error = status, results, stats, evalErr
	if err := w.flushWith(red, true); err != nil {
		w.header = prev
		return err
	}
	w.done, w.written = true, w.version
	if err := w.spool.close(); err != nil {
		return fmt.Errorf("evallog: close spool: %w", err)
	}
	return nil
}

// Resume reopens a log written earlier (typically one left with status "started" by a crash) so
// that a run can add the missing samples and finish it. The samples already in the file are
// kept byte for byte; Has tells which ones they are. The status goes back to "started" at the
// next write; results, reductions and error are dropped until Finish.
func Resume(path string) (*Writer, error) {
	log, err := readRaw(path)
	if err != nil {
		return nil, err
	}
	sp, err := openSpool(filepath.Dir(path), path)
	if err != nil {
		return nil, err
	}
	w := &Writer{path: path, header: log.EvalLog, spool: sp}
	w.header.Status, w.header.Results, w.header.Error = StatusStarted, nil, nil
	w.header.Samples, w.header.Reductions = nil, nil
	for i, raw := range log.Samples {
		e, err := w.reencodeSample(raw)
		if err != nil {
			sp.close()
			return nil, fmt.Errorf("evallog: resume %s: sample %d: %w", path, i, err)
		}
		w.put(e)
	}
	return w, nil
}

// reencodeSample turns a sample read from a file back into its written form, in the spool.
func (w *Writer) reencodeSample(raw json.RawMessage) (encodedSample, error) {
	var key struct {
		ID    SampleID `json:"id"`
		Epoch int      `json:"epoch"`
	}
	if err := json.Unmarshal(raw, &key); err != nil {
		return encodedSample{}, err
	}
	data, err := indent(raw, "    ")
	if err != nil {
		return encodedSample{}, err
	}
	sp, err := w.spool.append(data)
	if err != nil {
		return encodedSample{}, err
	}
	return encodedSample{id: key.ID, epoch: key.Epoch, parts: []span{sp}}, nil
}
