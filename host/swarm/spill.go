package swarm

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"sync"
)

// spillBuffer is how much of the spill is written at once.
const spillBuffer = 64 << 10

// Spill is where a run's model events go as they are recorded, so a
// large swarm's conversations are not held in memory until the log is
// written: an unlinked file (removed as soon as it is opened, so nothing
// is left behind however the host ends) that the recorder appends to and
// the log writer reads back. Safe for concurrent use; Close it once the
// run's events are written.
type Spill struct {
	mu      sync.Mutex
	f       *os.File
	w       *bufio.Writer
	size    int64 // bytes appended, buffered or not
	flushed int64
	err     error
}

// NewSpill opens a spill in dir (the log's directory), already unlinked.
func NewSpill(dir string) (*Spill, error) {
	f, err := os.CreateTemp(dir, ".swarmhost-spill-*")
	if err != nil {
		return nil, fmt.Errorf("spill: %w", err)
	}
	if err := os.Remove(f.Name()); err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("spill: %w", err)
	}
	return &Spill{f: f, w: bufio.NewWriterSize(f, spillBuffer)}, nil
}

// Close releases the file; the events that refer to it can no longer be
// read.
func (s *Spill) Close() error {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.w = nil
	return s.f.Close()
}

// Err is the first error writing or reading the spill: an event that
// could not be written stayed in memory, one that could not be read was
// given without its evidence.
func (s *Spill) Err() error {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// spillRef is where a record lies in the spill.
type spillRef struct{ off, n int64 }

var errSpillClosed = errors.New("spill closed")

// append writes one record and says where it is.
func (s *Spill) append(b []byte) (spillRef, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return spillRef{}, s.err
	}
	if s.w == nil {
		return spillRef{}, errSpillClosed
	}
	if _, err := s.w.Write(b); err != nil {
		s.err = fmt.Errorf("spill: %w", err)
		return spillRef{}, s.err
	}
	ref := spillRef{off: s.size, n: int64(len(b))}
	s.size += ref.n
	return ref, nil
}

// read reads a record back into buf (grown as needed).
func (s *Spill) read(ref spillRef, buf []byte) ([]byte, error) {
	if err := s.flushTo(ref.off + ref.n); err != nil {
		return nil, err
	}
	buf = append(buf[:0], make([]byte, ref.n)...)
	if _, err := s.f.ReadAt(buf, ref.off); err != nil {
		return nil, s.fail(err)
	}
	return buf, nil
}

// flushTo writes out the buffer if it holds bytes before end.
func (s *Spill) flushTo(end int64) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if end <= s.flushed {
		return nil
	}
	if s.w == nil {
		return s.failLocked(errSpillClosed)
	}
	if err := s.w.Flush(); err != nil {
		return s.failLocked(err)
	}
	s.flushed = s.size
	return nil
}

func (s *Spill) fail(err error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.failLocked(err)
}

func (s *Spill) failLocked(err error) error {
	err = fmt.Errorf("spill: %w", err)
	if s.err == nil {
		s.err = err
	}
	return err
}
