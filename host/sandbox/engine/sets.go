package engine

import "sync"

// OpenSets are a provider's samples not closed yet, which the provider's
// Close closes. The zero value is empty; it is safe for concurrent use.
type OpenSets[S interface {
	comparable
	Close() error
}] struct {
	mu     sync.Mutex
	open   map[S]bool
	closed bool
}

// Track records s as open (true) or closed (false).
func (o *OpenSets[S]) Track(s S, open bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if !open {
		delete(o.open, s)
		return
	}
	if o.open == nil {
		o.open = map[S]bool{}
	}
	o.open[s] = true
}

// CloseAll closes every set still open, outside the lock (a set's Close
// untracks it), and returns their errors. Only its first call does: first is
// false, and nothing is closed, after that.
func (o *OpenSets[S]) CloseAll() (errs []error, first bool) {
	o.mu.Lock()
	if o.closed {
		o.mu.Unlock()
		return nil, false
	}
	o.closed = true
	sets := make([]S, 0, len(o.open))
	for s := range o.open {
		sets = append(sets, s)
	}
	o.mu.Unlock()
	for _, s := range sets {
		errs = append(errs, s.Close())
	}
	return errs, true
}
