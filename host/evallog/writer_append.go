package evallog

import (
	"errors"
	"fmt"
	"os"
)

// defaultAppendMax is the largest sample appended in place (Writer.appendMax); a larger one
// is written by a whole rewrite. An append writes the bytes the encoder still holds (a sample
// under spoolChunk, which is this same size) in one system call, and a process killed during
// that call can leave the file's end cut off (repaired by Resume): the limit keeps both the
// memory and that window small — ~0.1 ms for a typical sample of tens of KB.
const defaultAppendMax = 1 << 20

// diskLayout is the state of the file on disk that an append relies on: a header with status
// "started", count samples, then the closing brackets at offset tail. ok is false when the
// file is not in that shape (before the first rewrite after Resume, after Finish).
type diskLayout struct {
	ok    bool
	tail  int64
	count int
}

// closing is what follows the samples list: the list's end and the document's.
func closing(count int) string {
	if count == 0 {
		return "]\n}\n"
	}
	return "\n  ]\n}\n"
}

// rewritten records the layout after a whole rewrite of the started log with count samples
// and no reductions. Callers hold flushMu.
func (w *Writer) rewritten(count int) error {
	info, err := os.Stat(w.path)
	if err != nil {
		w.disk = diskLayout{}
		return fmt.Errorf("evallog: %w", err)
	}
	w.disk = diskLayout{ok: true, tail: info.Size() - int64(len(closing(count))), count: count}
	return nil
}

// errNotAppended says an append was not possible; the caller rewrites instead.
var errNotAppended = errors.New("evallog: sample not appended")

// append writes one sample's bytes (nil: encode did not keep them, the sample being too large)
// at the end of the samples list together with the closing brackets, in one write at the old
// closing brackets' offset. On a failed write it puts the old end back (truncating what was
// written), so the file stays the previous complete log. Callers hold flushMu.
func (w *Writer) append(data []byte) error {
	if !w.disk.ok || data == nil || int64(len(data)) > w.appendMax {
		return errNotAppended
	}
	sep := ",\n    "
	if w.disk.count == 0 {
		sep = "\n    "
	}
	buf := make([]byte, 0, len(sep)+len(data)+len(closing(1)))
	buf = append(append(append(buf, sep...), data...), closing(1)...)
	f, err := os.OpenFile(w.path, os.O_WRONLY, 0)
	if err != nil {
		return fmt.Errorf("evallog: append to %s: %w", w.path, err)
	}
	defer f.Close()
	if _, err := f.WriteAt(buf, w.disk.tail); err != nil {
		w.restore(f)
		return fmt.Errorf("evallog: append to %s: %w", w.path, err)
	}
	w.disk.tail += int64(len(buf) - len(closing(1)))
	w.disk.count++
	return nil
}

// restore puts the file back as it was before a failed append; if even that fails the next
// write is a whole rewrite.
func (w *Writer) restore(f *os.File) {
	end := closing(w.disk.count)
	if f.Truncate(w.disk.tail) != nil {
		w.disk.ok = false
		return
	}
	if _, err := f.WriteAt([]byte(end), w.disk.tail); err != nil {
		w.disk.ok = false
	}
}
