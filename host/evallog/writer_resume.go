package evallog

import (
	"encoding/json"
	"fmt"
	"path/filepath"
)

// Close releases the spool of a Writer that will not be finished (an eval that failed before
// Finish); the file stays as it is. Calls after Finish or Close do nothing.
func (w *Writer) Close() error {
	w.flushMu.Lock()
	defer w.flushMu.Unlock()
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.done {
		return nil
	}
	w.done, w.disk = true, diskLayout{}
	return w.spool.close()
}

// Resume reopens a log written earlier (typically one left with status "started" by a crash) so
// that a run can add the missing samples and finish it. A log whose end an interrupted append
// cut off is taken up to its last complete sample. The samples already in the file are
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
	w := &Writer{path: path, header: log.EvalLog, spool: sp, appendMax: defaultAppendMax}
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
