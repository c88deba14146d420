package sandbox

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// ErrEnded is returned (wrapped) for a member's exec or write in a sandbox
// after the member has ended: from its end to its scoring a sandbox holds
// what the member left (issue 27: a member that kept replacing /bin/sh after
// its end decided an exec scorer's verdict).
var ErrEnded = errors.New("the member has ended: its sandboxes take no more commands or writes")

// Freezer is an [Env] whose provider can stop, for good, everything that
// still runs in it — what a member started and left behind (a process that
// left its command's process group) — once no member may use it any more:
// a docker container is paused (the cgroup freezer; reads, copies and views
// still work), a Kubernetes container's processes other than its first are
// killed, a local sandbox's cell is closed. Freeze is safe to call twice.
// After Freeze the Env's own Exec may fail; its views keep working.
type Freezer interface {
	Freeze(ctx context.Context) error
}

// Freeze freezes env when its provider can ([Freezer]); other Envs are
// left as they are.
func Freeze(ctx context.Context, env Env) error {
	if f, ok := env.(Freezer); ok {
		return f.Freeze(ctx)
	}
	return nil
}

// MemberSide is one member's side of a sandbox: the Env the member's tools
// and sandbox calls reach. Once closed (at the member's end) its Exec and
// WriteFile are refused with [ErrEnded]; reads and views still work. Close
// waits for the calls in flight (the member's end cancels their contexts),
// so once it returns nothing of the member's writes to the sandbox any
// more through it.
type MemberSide struct {
	Env
	member string
	mu     sync.RWMutex
	closed bool
}

// NewMemberSide is member's side of env.
func NewMemberSide(env Env, member string) *MemberSide {
	return &MemberSide{Env: env, member: member}
}

// enter admits one call, or refuses it once the side is closed; the caller
// calls mu.RUnlock when admitted.
func (m *MemberSide) enter(what string) error {
	m.mu.RLock()
	if m.closed {
		m.mu.RUnlock()
		return fmt.Errorf("sandbox: %s in %s refused: member %s: %w", what, Label(m.Env.Name()), m.member, ErrEnded)
	}
	return nil
}

// Exec runs req unless the member has ended.
func (m *MemberSide) Exec(ctx context.Context, req ExecRequest) (ExecResult, error) {
	what := "exec"
	if len(req.Command) > 0 {
		what = "exec " + req.Command[0]
	}
	if err := m.enter(what); err != nil {
		return ExecResult{}, err
	}
	defer m.mu.RUnlock()
	return m.Env.Exec(ctx, req)
}

// WriteFile writes path unless the member has ended.
func (m *MemberSide) WriteFile(ctx context.Context, path string, content []byte) error {
	if err := m.enter("write " + path); err != nil {
		return err
	}
	defer m.mu.RUnlock()
	return m.Env.WriteFile(ctx, path, content)
}

// Close refuses the member's later calls, once those in flight returned.
func (m *MemberSide) Close() {
	m.mu.Lock()
	m.closed = true
	m.mu.Unlock()
}

// Closed reports whether Close was called.
func (m *MemberSide) Closed() bool {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return m.closed
}

// Freeze closes the local sandbox's cell, killing everything still running
// in it (see [Freezer]). A sandbox without a cell (no isolation launcher,
// or a tier without cells) has nothing left running: each command's
// processes die with it, except one that left its process group without
// the launcher's PID namespace, which only the isolation launcher stops.
func (s *Sandbox) Freeze(context.Context) error {
	if s.cells != nil {
		s.cells.close()
	}
	return nil
}

var _ Freezer = (*Sandbox)(nil)
