package sandbox

import (
	"context"
	"fmt"
	"os"
)

// View is the local provider's [EnvView], a scorer's read-only window on a
// sandbox directory (SPEC §13): it reads
// files, and runs commands in a throw-away copy of the sandbox so that their
// writes never reach the member's files. host/scoring hands views, never
// sandboxes, to scorer plugins.
//
// Without the isolation launcher, a copy stands in for the overlay. The copy keeps symlinks that point inside the sandbox (re-aimed into the
// copy), keeps those that point outside the sample as they are, and leaves
// out those that point into the sample's other sandboxes. It protects the
// member's files from commands that write where they run; a command that
// writes to an absolute host path is not stopped. Read-only bind mounts and
// mount namespaces replace the copy with the isolation work.
type View struct {
	sb *Sandbox
}

// View returns the sandbox's read-only view.
func (s *Sandbox) View() EnvView { return &View{sb: s} }

// Name returns the name of the sandbox seen: "" for the shared one.
func (v *View) Name() string { return v.sb.name }

// ReadFile reads a file of the sandbox, as [Sandbox.ReadFile].
func (v *View) ReadFile(ctx context.Context, path string) ([]byte, error) {
	return v.sb.ReadFile(ctx, path)
}

// ListFiles lists files of the sandbox, as [Sandbox.ListFiles].
func (v *View) ListFiles(ctx context.Context, dir string) ([]string, error) {
	return v.sb.ListFiles(ctx, dir)
}

// Exec runs req as [Sandbox.Exec] would, but so that nothing it does
// reaches the sandbox. Under the isolation launcher the command sees the
// sandbox — and nothing else of the sample — through a throw-away overlay
// on a read-only bind (read-only where the kernel refuses overlays), with
// no network. Without it, the sandbox is copied to a temporary directory,
// the command runs there (HOME is the copy), and the copy is deleted. In a
// sample's shared sandbox the members' scratch directories not made yet
// are made first (see scratchDirs).
func (v *View) Exec(ctx context.Context, req ExecRequest) (ExecResult, error) {
	v.sb.scratch.ensureAll() // the scorer sees every member's, as made up front
	src, err := realPath(v.sb.Dir)
	if err != nil {
		return ExecResult{}, fmt.Errorf("sandbox: view: %w", err)
	}
	if iso := v.sb.launcher(); iso != nil {
		return run(ctx, where{dir: src, overlay: []string{src}, iso: iso}, req)
	}
	tmp, err := os.MkdirTemp(v.sb.views, "view-")
	if err != nil {
		return ExecResult{}, fmt.Errorf("sandbox: view: %w", err)
	}
	defer removeAll(tmp)
	scope := v.sb.scope
	if scope == "" {
		scope = src
	}
	if err := copyTree(src, tmp, scope); err != nil {
		return ExecResult{}, fmt.Errorf("sandbox: view of %s: %w", Label(v.sb.name), err)
	}
	return run(ctx, where{dir: tmp}, req)
}
