package sandbox

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"

	"github.com/swarmhost/swarmhost/host/isolate"
)

// Local is the `local` sandbox provider: plain directories under a root the
// host owns for the run. It is safe for concurrent use; each sample gets its
// own directory.
type Local struct {
	root   string
	iso    *isolate.Launcher
	isoSet bool
}

// NewLocal returns a provider that makes sandboxes under root, which the host
// creates for the run (it is created on first use if missing) and removes
// when the run ends. Commands run under the machine's isolation launcher
// (a warning is logged once when it has none).
func NewLocal(root string) *Local {
	return &Local{root: root}
}

// WithLauncher makes the provider run commands under iso; nil runs them as
// plain process groups. Tests use it to pick a tier.
func (l *Local) WithLauncher(iso *isolate.Launcher) *Local {
	l.iso, l.isoSet = iso, true
	return l
}

// launcher returns the launcher for the provider's commands, or nil.
func (l *Local) launcher() *isolate.Launcher {
	if l.isoSet {
		return l.iso
	}
	return launcher()
}

// SampleSpec describes the sandboxes one sample × epoch needs.
type SampleSpec struct {
	// ID is the sample's id as text; any characters are allowed (the
	// directory name is made safe and unique).
	ID    string
	Epoch int
	// PerMember gives each member its own sandbox besides the shared one.
	PerMember bool
	// Members are the roster names, in roster order; each must match
	// ^[a-z][a-z0-9_-]{0,47}$ and appear once. List them with or without
	// PerMember: each gets a scratch dir in the shared sandbox (made at its
	// first use of its sandbox), and with PerMember its own sandbox.
	Members []string
	// Files maps a path inside each sandbox to its content. A value that is
	// a data: URL is decoded; a value that names an existing file — an
	// absolute path, or a path relative to BaseDir — is copied from that
	// file; any other value is the literal content (as Inspect's files).
	Files map[string]string
	// BaseDir resolves relative source paths in Files: the dataset file's
	// directory, or the suite's for inline samples. Empty: only absolute
	// paths are read as sources.
	BaseDir string
	// Setup is a script run with `sh -c` in each sandbox after the files
	// are written; a non-zero exit fails the sample with its stderr.
	Setup string
	// Sandboxes names a member's own sandbox when that is not the member's
	// name (a member block's `sandbox`): the docker provider makes it from
	// the compose service of that name. The local provider names every
	// member's sandbox after the member.
	Sandboxes map[string]string
	// Network lets the sandboxes' commands reach the network; without it
	// (the default) an isolated command has only AF_UNIX sockets.
	Network bool
}

// memberName is the roster name rule (host/config): 1 to 128 characters,
// no '/', '#' or control characters; "." and ".." are refused apart.
var memberName = regexp.MustCompile(`^[^/#\x00-\x1f\x7f]{1,128}$`)

// Sample creates the sandboxes of one sample × epoch: the shared one, one per
// member with PerMember, and the filesystem channel's layout in the shared
// one. It writes the files and runs the setup in every sandbox. On any error
// nothing is left behind. The caller must Close the result.
func (l *Local) Sample(ctx context.Context, spec SampleSpec) (Set, error) {
	ss, err := l.SampleDirs(ctx, spec)
	if err != nil {
		return nil, err
	}
	return ss, nil
}

// Close is a no-op: the host removes the root when the run ends, and each
// sample's Close its own directory.
func (l *Local) Close() error { return nil }

// SampleDirs is [Local.Sample] as the local type, whose sandboxes are
// directories on the host.
func (l *Local) SampleDirs(ctx context.Context, spec SampleSpec) (*SampleSandboxes, error) {
	if err := CheckMembers(spec.Members); err != nil {
		return nil, err
	}
	contents, err := ResolveFiles(spec.Files, spec.BaseDir)
	if err != nil {
		return nil, err
	}
	dir, err := l.sampleDir(spec)
	if err != nil {
		return nil, err
	}
	ss := &SampleSandboxes{dir: dir, members: spec.Members, iso: l.launcher(), network: spec.Network}
	if err := ss.build(ctx, spec.PerMember, contents, spec.Setup); err != nil {
		return nil, errors.Join(err, ss.Close())
	}
	return ss, nil
}

// sampleDir creates the sample's own directory; it must not exist yet.
func (l *Local) sampleDir(spec SampleSpec) (string, error) {
	if err := os.MkdirAll(l.root, 0o755); err != nil {
		return "", fmt.Errorf("sandbox: %w", err)
	}
	root, err := realPath(l.root)
	if err != nil {
		return "", fmt.Errorf("sandbox: %w", err)
	}
	dir := filepath.Join(root, dirName(spec.ID)+"-e"+strconv.Itoa(spec.Epoch))
	if err := os.Mkdir(dir, 0o755); err != nil {
		return "", fmt.Errorf("sandbox: sample %q epoch %d: %w", spec.ID, spec.Epoch, err)
	}
	return dir, nil
}

// CheckMembers checks that members are valid, unique roster names.
func CheckMembers(members []string) error {
	seen := make(map[string]bool, len(members))
	for _, m := range members {
		if !memberName.MatchString(m) || m == "." || m == ".." {
			return fmt.Errorf("sandbox: invalid member name %q", m)
		}
		if seen[m] {
			return fmt.Errorf("sandbox: member %q listed twice", m)
		}
		seen[m] = true
	}
	return nil
}

// realPath returns path made absolute with every symlink resolved.
func realPath(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	return filepath.EvalSymlinks(abs)
}
