package sandbox

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"github.com/swarmhost/swarmhost/host/isolate"
)

// MaxReadFile caps what ReadFile returns (Inspect's 100 MiB).
const MaxReadFile = 100 << 20

// ErrOutside is returned (wrapped) for a path that lies outside the sandbox:
// an absolute path elsewhere, a `..` escape, or a symlink that resolves out.
var ErrOutside = errors.New("path is outside the sandbox")

// Sandbox is one local sandbox directory, the local provider's [Env]. Its
// name is "" for a sample's shared sandbox and the member's name for a
// member's own. The host calls its methods for a
// member's tool calls; every file operation is confined to Dir. Methods are
// safe for concurrent use.
type Sandbox struct {
	name string
	// Dir is the sandbox's directory on the host.
	Dir string
	// views is where View.Exec makes its copies; scope bounds which symlinks
	// a copy keeps (see copyTree). Both are set by Local.Sample.
	views, scope string
	// shared is the sample's shared sandbox, which a member's own sandbox
	// also shows its commands; network lets them reach the network; iso
	// runs them (nil: plain process groups) once isoSet. Set by Local.Sample.
	shared  string
	network bool
	iso     *isolate.Launcher
	isoSet  bool
	// cells run its commands without a sandbox built per call (cell.go);
	// nil for a Sandbox not made by Local.Sample.
	cells *cellPool
	// scratch are the members' scratch directories, in a sample's shared
	// sandbox (nil in any other): a view's command makes them all first.
	scratch *scratchDirs
}

// Name returns the sandbox's name: "" for the shared one.
func (s *Sandbox) Name() string { return s.name }

// launcher returns the launcher the sandbox's commands run under, or nil.
// A Sandbox not made by Local.Sample uses the machine's.
func (s *Sandbox) launcher() *isolate.Launcher {
	if s.isoSet {
		return s.iso
	}
	return launcher()
}

// own hands name (relative to root) and its parents inside the sandbox to
// the sandbox user, so that its commands can change what the host wrote.
func (s *Sandbox) own(root *os.Root, name string) {
	iso := s.launcher()
	if iso == nil || !iso.SeparateUser() {
		return
	}
	for p := filepath.Clean(name); p != "." && p != "/"; p = filepath.Dir(p) {
		_ = root.Lchown(p, isolate.SandboxUID, isolate.SandboxGID)
	}
}

// ReadFile returns the content of the file at path (relative to the sandbox,
// or absolute inside it), byte for byte; files over [MaxReadFile] are an
// error.
func (s *Sandbox) ReadFile(_ context.Context, path string) ([]byte, error) {
	var content []byte
	err := s.inRoot(path, func(root *os.Root, name string) error {
		f, err := root.Open(name)
		if err != nil {
			return err
		}
		defer f.Close()
		if info, err := f.Stat(); err == nil && info.IsDir() {
			return errors.New("is a directory")
		}
		content, err = io.ReadAll(io.LimitReader(f, MaxReadFile+1))
		if err == nil && len(content) > MaxReadFile {
			return fmt.Errorf("file is larger than %d bytes", MaxReadFile)
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("sandbox: read %s: %w", path, err)
	}
	return content, nil
}

// WriteFile writes content to the file at path, creating its parent
// directories and replacing any previous content.
func (s *Sandbox) WriteFile(_ context.Context, path string, content []byte) error {
	err := s.inRoot(path, func(root *os.Root, name string) error {
		if err := root.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return err
		}
		if err := root.WriteFile(name, content, 0o644); err != nil {
			return err
		}
		s.own(root, name)
		return nil
	})
	if err != nil {
		return fmt.Errorf("sandbox: write %s: %w", path, err)
	}
	return nil
}

// ListFiles returns every file (anything but a directory; symlinks are
// listed, not followed) under dir, recursively, as sorted slash-separated
// paths relative to the sandbox — so each can be passed to ReadFile. dir ""
// or "." lists the whole sandbox.
func (s *Sandbox) ListFiles(_ context.Context, dir string) ([]string, error) {
	var files []string
	err := s.inRoot(dir, func(root *os.Root, name string) error {
		return fs.WalkDir(root.FS(), filepath.ToSlash(name), func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				files = append(files, p)
			}
			return err
		})
	})
	if err != nil {
		return nil, fmt.Errorf("sandbox: list %s: %w", dir, err)
	}
	sort.Strings(files)
	return files, nil
}

// inRoot resolves path inside the sandbox and runs op on it through an
// os.Root, which refuses any escape a concurrent change might introduce
// after the path was resolved.
func (s *Sandbox) inRoot(path string, op func(root *os.Root, name string) error) error {
	base, err := realPath(s.Dir)
	if err != nil {
		return err
	}
	name, err := resolve(base, path)
	if err != nil {
		return err
	}
	root, err := os.OpenRoot(base)
	if err != nil {
		return err
	}
	defer root.Close()
	return op(root, name)
}
