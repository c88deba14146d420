package evallog

import (
	"fmt"
	"os"
)

// Concat starts a log in dir, as Create does, holding every sample of the logs at paths byte for
// byte (sorted by epoch and id, as every rewrite sorts them), for merging the logs of a sharded run.
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
		log, err := readRaw(path)
		if err != nil {
			return err
		}
		for i, raw := range log.Samples {
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
