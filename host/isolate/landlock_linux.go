package isolate

import (
	"errors"
	"fmt"
	"io/fs"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Landlock access rights by the ABI that introduced them.
const (
	llFileRights = unix.LANDLOCK_ACCESS_FS_EXECUTE | unix.LANDLOCK_ACCESS_FS_WRITE_FILE |
		unix.LANDLOCK_ACCESS_FS_READ_FILE | unix.LANDLOCK_ACCESS_FS_TRUNCATE | unix.LANDLOCK_ACCESS_FS_IOCTL_DEV
	llReadRights = unix.LANDLOCK_ACCESS_FS_EXECUTE | unix.LANDLOCK_ACCESS_FS_READ_FILE |
		unix.LANDLOCK_ACCESS_FS_READ_DIR
	llABI1 = 1<<13 - 1 // EXECUTE … MAKE_SYM
)

// landlockFS returns the file-system rights an ABI handles.
func landlockFS(abi int) uint64 {
	r := uint64(llABI1)
	if abi >= 2 {
		r |= unix.LANDLOCK_ACCESS_FS_REFER
	}
	if abi >= 3 {
		r |= unix.LANDLOCK_ACCESS_FS_TRUNCATE
	}
	if abi >= 5 {
		r |= unix.LANDLOCK_ACCESS_FS_IOCTL_DEV
	}
	return r
}

// landlockABI asks the kernel for its Landlock ABI version.
func landlockABI() (int, error) {
	v, _, errno := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, 0, 0, unix.LANDLOCK_CREATE_RULESET_VERSION)
	if errno != 0 {
		return 0, errno
	}
	return int(v), nil
}

// restrictFiles applies Landlock to the init's thread (and so to the
// program it forks): read access to the system and read-only paths, write
// access to the read-write and overlay paths and the scratch, no TCP bind
// or connect without the network, no signals or abstract unix sockets
// beyond the sandbox (ABI ≥ 6).
func restrictFiles(p policy) error {
	if p.LandlockABI < 1 {
		return nil
	}
	handled := landlockFS(p.LandlockABI)
	attr := unix.LandlockRulesetAttr{Access_fs: handled}
	size := unsafe.Sizeof(attr.Access_fs)
	if p.LandlockABI >= 4 {
		size += unsafe.Sizeof(attr.Access_net)
		if !p.Network {
			attr.Access_net = unix.LANDLOCK_ACCESS_NET_BIND_TCP | unix.LANDLOCK_ACCESS_NET_CONNECT_TCP
		}
	}
	if p.LandlockABI >= 6 {
		size += unsafe.Sizeof(attr.Scoped)
		attr.Scoped = unix.LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET | unix.LANDLOCK_SCOPE_SIGNAL
	}
	fd, _, errno := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, uintptr(unsafe.Pointer(&attr)), size, 0)
	if errno != 0 {
		return fmt.Errorf("landlock ruleset: %w", errno)
	}
	defer unix.Close(int(fd))
	for _, r := range landlockRules(p) {
		if err := addRule(int(fd), r.path, r.access&handled); err != nil {
			return err
		}
	}
	if _, _, errno := unix.Syscall(unix.SYS_LANDLOCK_RESTRICT_SELF, fd, 0, 0); errno != 0 {
		return fmt.Errorf("landlock restrict: %w", errno)
	}
	return nil
}

type llRule struct {
	path   string
	access uint64
}

// landlockRules lists what the sandbox may reach.
func landlockRules(p policy) []llRule {
	var rules []llRule
	add := func(access uint64, paths ...string) {
		for _, path := range paths {
			rules = append(rules, llRule{path, access})
		}
	}
	all := ^uint64(0)
	if p.Tier == TierNamespaces {
		add(unix.LANDLOCK_ACCESS_FS_READ_DIR, "/") // the minimal root: listing it shows nothing of the host
	}
	add(llReadRights, systemDirs...)
	add(llReadRights, systemEtc...)
	add(llReadRights, "/proc", "/dev/random", "/dev/urandom")
	if !p.InView {
		add(llReadRights, p.Path) // a plugin's binary; a tool's program must be in the view already
	}
	add(llReadRights, p.ReadOnly...)
	add(all, "/dev/null", "/dev/zero", "/dev/full", p.Scratch)
	add(all, p.ReadWrite...)
	add(all, p.Overlay...)
	add(all, p.Tmpfs...)
	return rules
}

// addRule allows access beneath path (file rights only, for a file);
// missing paths are skipped.
func addRule(ruleset int, path string, access uint64) error {
	fd, err := unix.Open(path, unix.O_PATH|unix.O_CLOEXEC, 0)
	if errors.Is(err, fs.ErrNotExist) || path == "" {
		return nil
	} else if err != nil {
		return fmt.Errorf("landlock rule %s: %w", path, err)
	}
	defer unix.Close(fd)
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return fmt.Errorf("landlock rule %s: %w", path, err)
	}
	if st.Mode&unix.S_IFMT != unix.S_IFDIR {
		access &= llFileRights
	}
	attr := unix.LandlockPathBeneathAttr{Allowed_access: access, Parent_fd: int32(fd)}
	_, _, errno := unix.Syscall6(unix.SYS_LANDLOCK_ADD_RULE, uintptr(ruleset), unix.LANDLOCK_RULE_PATH_BENEATH,
		uintptr(unsafe.Pointer(&attr)), 0, 0, 0)
	if errno != 0 {
		return fmt.Errorf("landlock rule %s: %w", path, errno)
	}
	return nil
}

// landlockWhy says why Landlock cannot be used, or "".
func landlockWhy() (int, string) {
	abi, err := landlockABI()
	switch {
	case err != nil:
		return 0, fmt.Sprintf("landlock_create_ruleset: %v", err)
	case abi < 1:
		return 0, fmt.Sprintf("ABI %d", abi)
	}
	return abi, ""
}
