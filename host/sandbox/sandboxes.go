package sandbox

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/swarmhost/swarmhost/host/isolate"
)

// Paths of the filesystem channel, relative to the shared sandbox.
const (
	// NotesFile is the append-only notes file every member may add to.
	NotesFile = ".swarm/notes.md"
	// ScratchDir holds a scratch directory per member, named after it.
	ScratchDir = ".swarm/scratch"
)

// SampleSandboxes are the sandboxes of one sample × epoch, made by
// [Local.Sample], the local provider's [Set]. Its methods are safe for concurrent use.
type SampleSandboxes struct {
	dir     string
	members []string
	shared  *Sandbox
	own     map[string]*Sandbox // per-member sandboxes; nil without per_member
	scratch *scratchDirs        // the members' scratch directories, made on first use
	once    sync.Once
	err     error
	iso     *isolate.Launcher
	network bool
}

// Shared returns the shared sandbox, named "".
func (ss *SampleSandboxes) Shared() *Sandbox { return ss.shared }

// For returns the sandbox member works in: without per_member the shared
// one (for any name); with per_member the member's own, or nil for a name
// not on the roster given to Sample. A roster member's first use of it
// makes the member's scratch directory (see scratchDirs).
func (ss *SampleSandboxes) For(member string) Env {
	sb := ss.Dir(member)
	if sb == nil {
		return nil
	}
	if i, ok := ss.scratch.lookup(member); ok {
		return &memberEnv{Sandbox: sb, scratch: ss.scratch, member: i}
	}
	return sb
}

// Dir is [SampleSandboxes.For] as the local type, whose Dir is on the host.
func (ss *SampleSandboxes) Dir(member string) *Sandbox {
	if ss.own != nil {
		return ss.own[member]
	}
	return ss.shared
}

// Named returns the sandbox with the given name, as written in the result
// record's `sandbox` field: "" is the shared one, a member's name its own
// (per_member only). Scorers address sandboxes this way.
func (ss *SampleSandboxes) Named(name string) (Env, error) {
	if name == "" {
		return ss.shared, nil
	}
	if sb := ss.own[name]; sb != nil {
		return sb, nil
	}
	return nil, fmt.Errorf("sandbox: no sandbox named %q", name)
}

// Names returns every sandbox name: "" first, then, with per_member, each
// member's in roster order.
func (ss *SampleSandboxes) Names() []string {
	names := []string{""}
	if ss.own != nil {
		names = append(names, ss.members...)
	}
	return names
}

// NotesPath returns the host path of the shared notes file ([NotesFile]).
func (ss *SampleSandboxes) NotesPath() string {
	return filepath.Join(ss.shared.Dir, NotesFile)
}

// ScratchPath returns the host path of member's scratch directory in the
// shared sandbox, or "" for a name not on the roster. The directory is
// made at the member's first use of its sandbox (see [SampleSandboxes.For]).
func (ss *SampleSandboxes) ScratchPath(member string) string {
	if !ss.isMember(member) {
		return ""
	}
	return filepath.Join(ss.shared.Dir, ScratchDir, member)
}

// Close removes every directory of the sample, whatever its commands did to
// the permissions. It is safe to call more than once.
func (ss *SampleSandboxes) Close() error {
	ss.once.Do(func() {
		for _, sb := range ss.all() {
			sb.cells.close()
		}
		if err := removeAll(ss.dir); err != nil {
			ss.err = fmt.Errorf("sandbox: close: %w", err)
		}
	})
	return ss.err
}

// all is every sandbox of the sample made so far.
func (ss *SampleSandboxes) all() []*Sandbox {
	var out []*Sandbox
	if ss.shared != nil {
		out = append(out, ss.shared)
	}
	for _, sb := range ss.own {
		out = append(out, sb)
	}
	return out
}

// isMember reports whether name is on the roster.
func (ss *SampleSandboxes) isMember(name string) bool {
	_, ok := ss.scratch.lookup(name)
	return ok
}

// build creates the sandboxes and the channel layout, then writes the files
// and runs the setup in each sandbox.
func (ss *SampleSandboxes) build(ctx context.Context, perMember bool, files map[string][]byte, setup string) error {
	views := filepath.Join(ss.dir, "views")
	ss.shared = ss.sandbox("", filepath.Join(ss.dir, "shared"), views, "")
	ss.scratch = newScratchDirs(ss.shared, ss.members)
	ss.shared.scratch = ss.scratch
	all := []*Sandbox{ss.shared}
	if perMember {
		ss.own = make(map[string]*Sandbox, len(ss.members))
		for _, m := range ss.members {
			sb := ss.sandbox(m, filepath.Join(ss.dir, "members", m), views, ss.shared.Dir)
			ss.own[m] = sb
			all = append(all, sb)
		}
	}
	if err := ss.makeDirs(views, all); err != nil {
		return err
	}
	if ss.iso != nil {
		if err := ss.iso.Chown(ss.dir); err != nil {
			return fmt.Errorf("sandbox: %w", err)
		}
	}
	return prepareAll(ctx, all, files, setup)
}

// sandbox makes one of the sample's sandboxes.
func (ss *SampleSandboxes) sandbox(name, dir, views, shared string) *Sandbox {
	return &Sandbox{name: name, Dir: dir, views: views, scope: ss.dir, shared: shared, network: ss.network,
		iso: ss.iso, isoSet: true, cells: &cellPool{}}
}

// makeDirs creates every sandbox directory, the views directory and the
// filesystem channel's notes file and scratch root; each member's scratch
// directory is made at its first use (scratchDirs).
func (ss *SampleSandboxes) makeDirs(views string, all []*Sandbox) error {
	dirs := []string{views, filepath.Join(ss.shared.Dir, ScratchDir)}
	for _, sb := range all {
		dirs = append(dirs, sb.Dir)
	}
	for _, d := range dirs {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return fmt.Errorf("sandbox: %w", err)
		}
	}
	if err := os.WriteFile(ss.NotesPath(), nil, 0o644); err != nil {
		return fmt.Errorf("sandbox: %w", err)
	}
	return nil
}

// prepareAll writes the files and runs the setup in every sandbox at once.
func prepareAll(ctx context.Context, all []*Sandbox, files map[string][]byte, setup string) error {
	errs := make([]error, len(all))
	var wg sync.WaitGroup
	for i, sb := range all {
		wg.Go(func() { errs[i] = sb.prepare(ctx, files, setup) })
	}
	wg.Wait()
	return errors.Join(errs...)
}
