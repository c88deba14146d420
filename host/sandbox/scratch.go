package sandbox

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
)

// scratchDirs are the members' scratch directories of a local sample
// ([ScratchDir]/<member> in the shared sandbox), each made when it is
// first needed instead of all up front: a member's first use of its
// sandbox (a command, a file read, written or listed) makes its own, and a
// view's first command (a scorer's) makes every one not made yet, so that
// what a member or a scorer sees of its directory is what it saw when all
// were made at the start. A member that never uses its sandbox costs no
// directory, and Close removes only the ones made.
type scratchDirs struct {
	shared  *Sandbox
	members []string
	index   map[string]int
	made    []atomic.Bool
	mu      sync.Mutex // serializes making
}

func newScratchDirs(shared *Sandbox, members []string) *scratchDirs {
	index := make(map[string]int, len(members))
	for i, m := range members {
		index[m] = i
	}
	return &scratchDirs{shared: shared, members: members, index: index, made: make([]atomic.Bool, len(members))}
}

// lookup returns member's index on the roster.
func (s *scratchDirs) lookup(member string) (int, bool) {
	if s == nil {
		return 0, false
	}
	i, ok := s.index[member]
	return i, ok
}

// ensure makes member i's scratch directory unless it was made before.
// The directory is made through the shared sandbox's root, never
// following a link out of it, and handed to the sandbox user; it fails
// silently when the sandbox's commands put something else in its way, as
// if they had replaced the directory afterwards.
func (s *scratchDirs) ensure(i int) {
	if s == nil || s.made[i].Load() {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.made[i].Load() {
		return
	}
	name := filepath.Join(ScratchDir, s.members[i])
	_ = s.shared.inRoot(name, func(root *os.Root, rel string) error {
		if err := root.MkdirAll(rel, 0o755); err != nil {
			return err
		}
		s.shared.own(root, rel)
		return nil
	})
	s.made[i].Store(true)
}

// ensureAll makes every scratch directory not made yet.
func (s *scratchDirs) ensureAll() {
	if s == nil {
		return
	}
	for i := range s.members {
		s.ensure(i)
	}
}

// memberEnv is a sandbox as one member of a local sample uses it: its first
// use makes the member's scratch directory (see scratchDirs).
type memberEnv struct {
	*Sandbox
	scratch *scratchDirs
	member  int
}

// Exec runs req, as [Sandbox.Exec].
func (e *memberEnv) Exec(ctx context.Context, req ExecRequest) (ExecResult, error) {
	e.scratch.ensure(e.member)
	return e.Sandbox.Exec(ctx, req)
}

// ReadFile reads a file, as [Sandbox.ReadFile].
func (e *memberEnv) ReadFile(ctx context.Context, path string) ([]byte, error) {
	e.scratch.ensure(e.member)
	return e.Sandbox.ReadFile(ctx, path)
}

// WriteFile writes a file, as [Sandbox.WriteFile].
func (e *memberEnv) WriteFile(ctx context.Context, path string, content []byte) error {
	e.scratch.ensure(e.member)
	return e.Sandbox.WriteFile(ctx, path, content)
}

// ListFiles lists files, as [Sandbox.ListFiles].
func (e *memberEnv) ListFiles(ctx context.Context, dir string) ([]string, error) {
	e.scratch.ensure(e.member)
	return e.Sandbox.ListFiles(ctx, dir)
}

// Interface guard.
var _ Env = (*memberEnv)(nil)
