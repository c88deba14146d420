package evallog

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
)

// spool keeps a Writer's encoded samples on disk instead of in memory: an
// unlinked temporary file beside the log (its space is freed when the
// Writer finishes or the process exits, a crash included), to which each
// sample's bytes are appended once and from which every rewrite of the log
// copies them. A log of many samples, or of one 10 000-member sample, then
// costs the host no memory per sample. Safe for concurrent use.
type spool struct {
	mu   sync.Mutex
	f    *os.File
	size int64
}

// span is a stretch of the spool.
type span struct{ off, n int64 }

// spoolChunk is how much of a sample a spoolWriter buffers before
// appending it to the spool.
const spoolChunk = 1 << 20

// openSpool creates the spool in dir.
func openSpool(dir, logName string) (*spool, error) {
	f, err := os.CreateTemp(dir, "."+filepath.Base(logName)+".spool-*")
	if err != nil {
		return nil, fmt.Errorf("evallog: spool: %w", err)
	}
	if err := os.Remove(f.Name()); err != nil {
		f.Close()
		return nil, fmt.Errorf("evallog: spool: %w", err)
	}
	return &spool{f: f}, nil
}

// append writes p at the end of the spool.
func (s *spool) append(p []byte) (span, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n, err := s.f.WriteAt(p, s.size)
	sp := span{off: s.size, n: int64(n)}
	s.size += int64(n)
	if err != nil {
		return sp, fmt.Errorf("evallog: spool: %w", err)
	}
	return sp, nil
}

// copyTo writes the spans, in order, to w.
func (s *spool) copyTo(w io.Writer, parts []span) error {
	for _, p := range parts {
		if _, err := io.Copy(w, io.NewSectionReader(s.f, p.off, p.n)); err != nil {
			return fmt.Errorf("evallog: spool: %w", err)
		}
	}
	return nil
}

// close releases the spool's file.
func (s *spool) close() error { return s.f.Close() }

// spoolWriter is one sample on its way into the spool: an io.Writer that
// appends to the spool spoolChunk bytes at a time, so concurrent samples
// interleave in the spool and each is a list of spans.
type spoolWriter struct {
	s     *spool
	buf   []byte
	parts []span
}

func (w *spoolWriter) Write(p []byte) (int, error) {
	w.buf = append(w.buf, p...)
	if len(w.buf) >= spoolChunk {
		if err := w.flush(); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

func (w *spoolWriter) flush() error {
	if len(w.buf) == 0 {
		return nil
	}
	sp, err := w.s.append(w.buf)
	if err != nil {
		return err
	}
	w.parts = append(w.parts, sp)
	w.buf = w.buf[:0]
	return nil
}

// done appends what is left and returns the sample's spans and, when the whole sample fitted
// in the buffer (it never reached spoolChunk), its bytes, which an append can write without
// reading them back from the spool.
func (w *spoolWriter) done() ([]span, []byte, error) {
	var whole []byte
	if len(w.parts) == 0 {
		whole = w.buf
	}
	if err := w.flush(); err != nil {
		return nil, nil, err
	}
	return w.parts, whole, nil
}
