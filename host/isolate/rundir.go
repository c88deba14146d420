package isolate

import (
	"crypto/rand"
	"encoding/base32"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// runDirPrefix names the per-host-process directory under the system's
// temporary directory that holds sandbox roots, scratch, work, socket and
// verified-copy directories: <TMPDIR>/swh-<host pid>-<48 random bits>. The
// random part makes the name unpredictable; the pid lets a later host sweep
// the directories of hosts that are gone. The name is short because unix
// socket paths inside it must fit in 108 bytes.
const runDirPrefix = "swh-"

// runDirRandom is how many random bytes a run directory's name carries,
// written as base32 (lowercase, unpadded: 10 characters).
const runDirRandom = 6

// randomText encodes a run directory name's random part.
var randomText = base32.StdEncoding.WithPadding(base32.NoPadding)

// runDirMode is the run directory's mode: the sandbox user may pass
// through to the directories handed to it, but not list or write it.
const runDirMode = 0o711

// socketPathMax is the longest unix socket path the kernel takes: sun_path
// holds 108 bytes with the terminating NUL.
const socketPathMax = 107

// runDirPathMax is the longest path a run directory holds below its parent:
// "/swh-<7-digit pid>-<10>" (23), then go-plugin's socket directory
// "/plugin-dir<10 digits>" (21) and socket "/plugin<10 digits>" (17).
const runDirPathMax = 23 + 21 + 17

// shortTempDir is where run directories go when the system's temporary
// directory is too long for the sockets inside them.
const shortTempDir = "/tmp"

var runDir = sync.OnceValues(func() (string, error) {
	parent := runDirParent(os.TempDir())
	sweepRunDirs(parent)
	return makeRunDir(parent)
})

// runDirParent returns where run directories go: tmp, or /tmp when a
// socket path inside a run directory under tmp would not fit in
// socketPathMax (a long TMPDIR otherwise fails every plugin's start with
// go-plugin's bare "plugin init error").
func runDirParent(tmp string) string {
	if len(tmp)+runDirPathMax <= socketPathMax {
		return tmp
	}
	return shortTempDir
}

// RunDir returns this host process's run directory, creating it (and
// removing those of host processes that are gone) on first use.
func RunDir() (string, error) { return runDir() }

// makeRunDir creates a fresh, unpredictably named run directory in parent.
func makeRunDir(parent string) (string, error) {
	for range 8 {
		var b [runDirRandom]byte
		if _, err := rand.Read(b[:]); err != nil {
			return "", fmt.Errorf("isolate: %w", err)
		}
		random := strings.ToLower(randomText.EncodeToString(b[:]))
		dir := filepath.Join(parent, runDirPrefix+strconv.Itoa(os.Getpid())+"-"+random)
		err := makePrivateDir(dir, runDirMode)
		if errors.Is(err, fs.ErrExist) {
			continue // someone holds that name; take another
		}
		return dir, err
	}
	return "", errors.New("isolate: cannot create a run directory: every name tried was taken")
}

// makePrivateDir creates dir — never reusing what is there, never following
// a link: mkdir fails on any existing name, a planted symlink included —
// then opens it without following links and checks, on that descriptor,
// that it is a directory owned by this user and reachable by nobody else
// before setting mode. A directory that is not what it should be is
// refused (and left alone).
func makePrivateDir(dir string, mode os.FileMode) error {
	if err := syscall.Mkdir(dir, 0o700); err != nil {
		return fmt.Errorf("isolate: run directory %s: %w", dir, &fs.PathError{Op: "mkdir", Path: dir, Err: err})
	}
	fd, err := syscall.Open(dir, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_NOFOLLOW|syscall.O_CLOEXEC, 0)
	if err != nil {
		return fmt.Errorf("isolate: run directory %s: %w", dir, err)
	}
	defer syscall.Close(fd)
	if err := checkPrivate(fd, dir); err != nil {
		return err
	}
	if err := syscall.Fchmod(fd, uint32(mode.Perm())); err != nil {
		return fmt.Errorf("isolate: run directory %s: %w", dir, err)
	}
	return nil
}

// checkPrivate refuses the directory open on fd unless this user owns it
// and no one else may write it.
func checkPrivate(fd int, dir string) error {
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		return fmt.Errorf("isolate: run directory %s: %w", dir, err)
	}
	switch {
	case st.Mode&syscall.S_IFMT != syscall.S_IFDIR:
		return fmt.Errorf("isolate: run directory %s: refused: not a directory", dir)
	case int(st.Uid) != os.Geteuid():
		return fmt.Errorf("isolate: run directory %s: refused: it belongs to uid %d, not to this user (%d)", dir, st.Uid, os.Geteuid())
	case st.Mode&0o022 != 0:
		return fmt.Errorf("isolate: run directory %s: refused: others may write it (mode %o)", dir, st.Mode&0o777)
	}
	return nil
}

// newRunDir makes a fresh directory in the run directory.
func newRunDir(prefix string) (string, error) {
	base, err := runDir()
	if err != nil {
		return "", err
	}
	dir, err := os.MkdirTemp(base, prefix)
	if err != nil {
		return "", fmt.Errorf("isolate: %w", err)
	}
	return dir, nil
}

// NewWorkDir makes a fresh directory in the run directory that the
// launcher's programs can write, for a sandboxed program's own files. The
// caller removes it.
func (l *Launcher) NewWorkDir(prefix string) (string, error) {
	dir, err := newRunDir(prefix)
	if err == nil {
		err = l.Chown(dir)
	}
	return dir, err
}

// sweepRunDirs removes the run directories in parent left by host
// processes that no longer exist (a host killed by SIGKILL cannot clean up
// after itself): only directories — not links — of this user, named as
// makeRunDir names them.
func sweepRunDirs(parent string) {
	entries, _ := os.ReadDir(parent)
	for _, e := range entries {
		pid, ok := runDirPid(e.Name())
		if !ok || !e.IsDir() || pid == os.Getpid() {
			continue
		}
		info, err := os.Lstat(filepath.Join(parent, e.Name()))
		if err != nil || !info.IsDir() {
			continue
		}
		if st, ok := info.Sys().(*syscall.Stat_t); !ok || int(st.Uid) != os.Geteuid() {
			continue
		}
		if syscall.Kill(pid, 0) == syscall.ESRCH {
			_ = os.RemoveAll(filepath.Join(parent, e.Name()))
		}
	}
}

// runDirPid parses a run directory's name: swh-<pid>-<random>.
func runDirPid(name string) (int, bool) {
	rest, ok := strings.CutPrefix(name, runDirPrefix)
	if !ok {
		return 0, false
	}
	p, random, ok := strings.Cut(rest, "-")
	decoded, err := randomText.DecodeString(strings.ToUpper(random))
	if !ok || err != nil || len(decoded) != runDirRandom {
		return 0, false
	}
	pid, err := strconv.Atoi(p)
	return pid, err == nil && pid > 0
}

// Chown hands the tree at path to the user the launcher's programs run as
// ([SandboxUID] under TierNamespaces on a root host), so that they can
// write it; it does nothing when programs run as the host's own user.
// Symlinks are changed, not followed.
func (l *Launcher) Chown(path string) error {
	if !l.SeparateUser() {
		return nil
	}
	err := filepath.WalkDir(path, func(p string, _ fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, SandboxUID, SandboxGID)
	})
	if err != nil {
		return fmt.Errorf("isolate: chown: %w", err)
	}
	return nil
}

// SeparateUser reports whether programs run as [SandboxUID] rather than as
// the host's user.
func (l *Launcher) SeparateUser() bool { return l.tier == TierNamespaces && os.Geteuid() == 0 }
