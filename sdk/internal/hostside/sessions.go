package hostside

import "sync"

// sessionSet is a set of session ids, safe for concurrent use.
type sessionSet struct {
	mu  sync.Mutex
	ids map[string]struct{}
}

func newSessionSet() *sessionSet { return &sessionSet{ids: map[string]struct{}{}} }

func (s *sessionSet) add(id string) {
	s.mu.Lock()
	s.ids[id] = struct{}{}
	s.mu.Unlock()
}

func (s *sessionSet) has(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.ids[id]
	return ok
}

func (s *sessionSet) remove(id string) {
	s.mu.Lock()
	delete(s.ids, id)
	s.mu.Unlock()
}
