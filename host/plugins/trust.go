package plugins

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"

	"github.com/swarmhost/swarmhost/host/internal/regular"

	"github.com/swarmhost/swarmhost/host/isolate"
)

// ManifestName is the trust manifest's file name: `make build` (or an
// install) writes it beside the swarmhost executable, listing what it
// built by file name and SHA-256.
const ManifestName = ".swarmhost-trusted.json"

// Manifest maps a plugin binary's file name (swarmhost-<kind>-<name>) to
// the lowercase hex SHA-256 of the bytes that were built under that name;
// a script (a file starting with "#!") is listed by its place instead (see
// [ManifestKey]).
type Manifest map[string]string

// ManifestKey is the manifest's key for the plugin file at path: a
// compiled binary's file name, which it is trusted under wherever it lies
// (it finds nothing beside itself); a script's place, its absolute path
// with its directory's links resolved, for a script is trusted only where
// it was listed. A launcher finds its interpreter, its modules and the
// files it imports relative to its own place (`$(dirname "$0")`, Python's
// sys.path[0]), so a copy of a listed script beside other files would run
// code nobody listed. ok is false for a script that is itself a symbolic
// link (its directory, as the shell sees it, is not its target's) or whose
// place cannot be resolved: it is never trusted by default.
func ManifestKey(path string) (key string, ok bool) {
	if !isScript(path) {
		return filepath.Base(path), true
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", false
	}
	if info, err := os.Lstat(abs); err != nil || !info.Mode().IsRegular() {
		return "", false
	}
	dir, err := filepath.EvalSymlinks(filepath.Dir(abs))
	if err != nil {
		return "", false
	}
	return filepath.Join(dir, filepath.Base(abs)), true
}

// isScript reports whether the file at path starts with "#!".
func isScript(path string) bool {
	f, err := regular.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 2)
	n, _ := io.ReadFull(f, head)
	return n == 2 && string(head) == "#!"
}

// DefaultTrust is the trust of a plugin whose `plugin` block sets none (or
// that has no block): [Trusted] only when the trust manifest beside the
// running swarmhost executable ([ManifestName], written by `make build`)
// lists the binary's file name (a script's place: [ManifestKey]) with
// exactly its SHA-256 — the bytes the host then runs (see [Process]);
// [Untrusted] otherwise. Nothing is trusted for its directory: a binary on
// $SWARMHOST_PLUGIN_PATH, in a suite's plugins directory, in the source
// tree or beside swarmhost itself is untrusted unless its bytes are listed,
// and a script also unless it is where it was listed.
func DefaultTrust(b Binary) string {
	if b.SHA256 == "" {
		return Untrusted
	}
	key, ok := ManifestKey(b.Path)
	if !ok {
		return Untrusted
	}
	m, err := loadManifest(manifestPath())
	if err == nil && m[key] == b.SHA256 {
		return Trusted
	}
	return Untrusted
}

// WithDefaultTrust returns b with its trust set: the pin's when it set
// one, else [DefaultTrust]. Callers apply it to what [Discover] resolved
// before starting the binary.
func WithDefaultTrust(b Binary) Binary {
	if b.Trust == "" {
		b.Trust = DefaultTrust(b)
	}
	return b
}

// manifestPath is the manifest beside the running executable (symlinks
// resolved), or "".
func manifestPath() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	if real, err := filepath.EvalSymlinks(exe); err == nil {
		exe = real
	}
	return filepath.Join(filepath.Dir(exe), ManifestName)
}

// loadManifest reads a manifest, refusing one that a user other than its
// owner (root or the host's own user) could have written.
func loadManifest(path string) (Manifest, error) {
	if path == "" {
		return nil, os.ErrNotExist
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if err := manifestSafe(path, info); err != nil {
		return nil, err
	}
	var m Manifest
	if err := json.NewDecoder(f).Decode(&m); err != nil {
		return nil, fmt.Errorf("trust manifest %s: %w", path, err)
	}
	return m, nil
}

// manifestSafe refuses a manifest that is not a regular file, is writable
// by group or others, or belongs to neither root nor the host's user.
func manifestSafe(path string, info os.FileInfo) error {
	if why := notOwnerOnly(info); why != "" {
		return fmt.Errorf("trust manifest %s: ignored: %s", path, why)
	}
	return nil
}

// notOwnerOnly says why a file may have been written by someone other than
// root or the host's user ("" when it cannot): it is not a regular file, is
// writable by group or others, or belongs to another user.
func notOwnerOnly(info os.FileInfo) string {
	if !info.Mode().IsRegular() || info.Mode().Perm()&0o022 != 0 {
		return "it must be a regular file writable only by its owner"
	}
	if st, ok := info.Sys().(*syscall.Stat_t); ok && st.Uid != 0 && int(st.Uid) != os.Geteuid() {
		return fmt.Sprintf("it belongs to uid %d, neither root nor this user", st.Uid)
	}
	return ""
}

// WriteManifest writes a manifest of the given binaries ([ManifestKey] →
// SHA-256 of the file) to dir/[ManifestName], mode 0644, replacing any.
// `make build` writes the same file with sha256sum.
func WriteManifest(dir string, paths []string) error {
	m := Manifest{}
	for _, p := range paths {
		sum, err := FileSHA256(p)
		if err != nil {
			return err
		}
		key, ok := ManifestKey(p)
		if !ok {
			return fmt.Errorf("trust manifest: %s is a script that is a symbolic link, or its place cannot be resolved: list its target", p)
		}
		m[key] = sum
	}
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ManifestName+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(append(data, '\n')); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), filepath.Join(dir, ManifestName))
}

// untrustedStartable refuses an untrusted binary when the machine has no
// sandbox left (SPEC §13): it never runs unisolated.
func untrustedStartable(b Binary, l *isolate.Launcher) error {
	if l.Tier() == isolate.TierNone {
		return &UntrustedError{Binary: b, Mechanisms: l.Mechanisms()}
	}
	return nil
}
