package evallog

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// ConcatLog is Concat in either format (FormatEval or FormatJSON, as CreateLog takes it); the
// logs at paths may be of either format too. An .eval log holds every sample as the .eval
// writer encodes it (Inspect's format has no byte-for-byte samples to keep).
func ConcatLog(dir string, header EvalLog, paths []string, format string) (LogWriter, error) {
	if format == FormatJSON {
		return Concat(dir, header, paths)
	}
	w, err := CreateLog(dir, header, format)
	if err != nil {
		return nil, err
	}
	if err := concatInto(w, paths); err != nil {
		_ = w.Close()
		_ = os.Remove(w.Path())
		return nil, err
	}
	return w, nil
}

// concatInto adds every sample of the logs at paths to w, refusing one already there.
func concatInto(w LogWriter, paths []string) error {
	for _, path := range paths {
		log, err := Read(path)
		if err != nil {
			return err
		}
		for _, s := range log.Samples {
			if w.Has(s.ID, s.Epoch) {
				return fmt.Errorf("evallog: %s: sample %v epoch %d is in an earlier log too", path, s.ID, s.Epoch)
			}
			if err := w.AddSample(s); err != nil {
				return err
			}
		}
	}
	return nil
}

// Concat starts a log in dir, as Create does, holding every sample of the logs at paths byte for
// byte (sorted by epoch and id, as every rewrite sorts them), for merging the logs of a sharded run.
// The logs may be .json or .eval; a sample of an .eval log is kept as this package encodes it.
// A sample id and epoch found in two of the logs is an error: shards never share a sample. The log
// is written at once with status "started"; the caller finishes it (or closes it and removes it).
func Concat(dir string, header EvalLog, paths []string) (*Writer, error) {
	w, err := Create(dir, header)
	if err != nil {
		return nil, err
	}
	if err := w.concat(paths); err != nil {
		_ = w.Close()
		_ = os.Remove(w.path)
		return nil, err
	}
	return w, nil
}

func (w *Writer) concat(paths []string) error {
	for _, path := range paths {
		samples, err := rawSamples(path)
		if err != nil {
			return err
		}
		for i, raw := range samples {
			e, err := w.reencodeSample(raw)
			if err != nil {
				return fmt.Errorf("evallog: %s: sample %d: %w", path, i, err)
			}
			w.mu.Lock()
			dup := w.put(e)
			w.version++
			w.mu.Unlock()
			if dup {
				return fmt.Errorf("evallog: %s: sample %v epoch %d is in an earlier log too", path, e.id, e.epoch)
			}
		}
	}
	w.flushMu.Lock()
	defer w.flushMu.Unlock()
	return w.rewrite()
}

// rawSamples are the samples of the log at path as JSON: a .json log's bytes as they are, an
// .eval log's samples encoded as the .json writer encodes them.
func rawSamples(path string) ([]json.RawMessage, error) {
	if !IsEvalFile(path) {
		log, err := readRaw(path)
		if err != nil {
			return nil, err
		}
		return log.Samples, nil
	}
	log, err := readEval(path)
	if err != nil {
		return nil, err
	}
	out := make([]json.RawMessage, len(log.Samples))
	for i, s := range log.Samples {
		b, err := encodeSample(s)
		if err != nil {
			return nil, fmt.Errorf("evallog: %s: sample %d: %w", path, i, err)
		}
		out[i] = jsonenc.ToSentinels(b) // as readRaw reads a .json log's

	}
	return out, nil
}
