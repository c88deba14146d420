package evallog

import (
	"errors"
	"fmt"
	"slices"
)

// errFinished is returned by calls on a Writer after Finish or Close.
var errFinished = errors.New("evallog: log already finished")

// AddSample adds a finished sample to the file, by an append or a rewrite (see Writer); it
// returns once the file holds the sample. A sample with the same id and epoch as one already
// logged replaces it (the last one wins, as in Inspect). The sample is encoded before the lock
// is taken, so concurrent callers encode in parallel. On error the file on disk is the
// previous complete version (unless undoing a failed append failed too, when it may need
// Resume's repair).
func (w *Writer) AddSample(s EvalSample) error {
	parts, data, err := w.encode(s)
	w.mu.Lock()
	if w.done {
		w.mu.Unlock()
		return errFinished
	}
	if err != nil {
		w.mu.Unlock()
		return err
	}
	e := encodedSample{id: s.ID, epoch: s.Epoch, parts: parts}
	replaced := w.put(e)
	w.version++
	v := w.version
	w.mu.Unlock()
	return w.store(v, e, data, replaced)
}

// store puts version v's new sample e (data: its bytes, when encode kept them) into the file:
// nothing when a rewrite since has written it, an append when the file allows one, else a
// rewrite.
func (w *Writer) store(v uint64, e encodedSample, data []byte, replaced bool) error {
	w.flushMu.Lock()
	defer w.flushMu.Unlock()
	w.mu.Lock()
	covered := w.written >= v
	w.mu.Unlock()
	if covered {
		return nil
	}
	if !replaced {
		if err := w.append(data); err == nil {
			return nil
		}
	}
	return w.rewrite()
}

// encode writes a sample into the spool and returns where it is.
func (w *Writer) encode(s EvalSample) ([]span, []byte, error) {
	sw := &spoolWriter{s: w.spool}
	if err := writeSample(sw, s); err != nil {
		return nil, nil, err
	}
	return sw.done()
}

// rewrite writes the whole file with every sample so far; samples added meanwhile by other
// callers are in it too, and they return without writing (group commit). Callers hold flushMu.
func (w *Writer) rewrite() error {
	w.mu.Lock()
	cur, count := w.version, len(w.samples)
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
	return w.rewritten(count)
}

// put inserts or replaces a sample, keeping the list sorted, and says whether it replaced one.
func (w *Writer) put(e encodedSample) bool {
	i, found := w.find(e.id, e.epoch)
	if found {
		w.samples[i] = e
	} else {
		w.samples = slices.Insert(w.samples, i, e)
	}
	return found
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
		// The rename may have happened (a failed directory sync): the next write rewrites.
		w.header, w.disk = prev, diskLayout{}
		return err
	}
	w.done, w.written, w.disk = true, w.version, diskLayout{}
	if err := w.spool.close(); err != nil {
		return fmt.Errorf("evallog: close spool: %w", err)
	}
	return nil
}
