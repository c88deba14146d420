package isolate

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// bindMode is how a host path appears in the root.
type bindMode int

const (
	bindRO bindMode = iota
	bindRW
	bindOverlay // read-only bind first, then an overlay on it
	bindDevice  // read-write, device nodes allowed
)

// bind mounts the host path at the same path under root and remounts it
// with the mode's flags (keeping the flags the kernel locked on the
// source: nosuid, nodev, noexec, read-only, atime).
func bind(root, path string, mode bindMode) error { return bindFrom(root, path, path, mode) }

// bindFrom binds the host path src at path inside root.
func bindFrom(root, src, path string, mode bindMode) error {
	info, err := os.Stat(src)
	if err != nil {
		return fmt.Errorf("bind %s: %w", path, err)
	}
	target := filepath.Join(root, path)
	if err := mountPoint(target, info.IsDir()); err != nil {
		return fmt.Errorf("bind %s: %w", path, err)
	}
	if err := unix.Mount(src, target, "", unix.MS_BIND|unix.MS_REC, ""); err != nil {
		return fmt.Errorf("bind %s: %w", path, err)
	}
	flags := uintptr(unix.MS_BIND|unix.MS_REMOUNT|unix.MS_NOSUID) | lockedFlags(target)
	if mode != bindDevice {
		flags |= unix.MS_NODEV
	}
	if mode == bindRO || mode == bindOverlay {
		flags |= unix.MS_RDONLY
	}
	if err := unix.Mount("", target, "", flags, ""); err != nil {
		return fmt.Errorf("remount %s: %w", path, err)
	}
	return nil
}

// mountPoint creates an empty directory or file to mount on.
func mountPoint(target string, dir bool) error {
	if dir {
		return os.MkdirAll(target, 0o755)
	}
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(target, os.O_CREATE|os.O_RDONLY, 0o644)
	if err != nil {
		return err
	}
	return f.Close()
}

// lockedFlags returns the mount flags of the mount at path that a
// remount inside a user namespace must keep.
func lockedFlags(path string) uintptr {
	var st unix.Statfs_t
	if unix.Statfs(path, &st) != nil {
		return 0
	}
	var out uintptr
	pairs := [][2]uintptr{{unix.ST_RDONLY, unix.MS_RDONLY}, {unix.ST_NOSUID, unix.MS_NOSUID},
		{unix.ST_NODEV, unix.MS_NODEV}, {unix.ST_NOEXEC, unix.MS_NOEXEC}, {unix.ST_NOATIME, unix.MS_NOATIME},
		{unix.ST_NODIRATIME, unix.MS_NODIRATIME}, {unix.ST_RELATIME, unix.MS_RELATIME}}
	for _, p := range pairs {
		if uintptr(st.Flags)&p[0] != 0 {
			out |= p[1]
		}
	}
	return out
}

// overlay mounts a throw-away writable layer on the read-only bind at
// path: writes land in a tmpfs only the init can enter and vanish with the
// sandbox. Where the kernel refuses, the path stays read-only (writes
// fail), which keeps the guarantee.
func overlay(root, path string, i int) {
	target := filepath.Join(root, path)
	if strings.ContainsAny(target, ",:\\") {
		return
	}
	base := filepath.Join(root, overlayDir, strconv.Itoa(i))
	upper, work := filepath.Join(base, "upper"), filepath.Join(base, "work")
	if os.MkdirAll(upper, 0o755) != nil || os.MkdirAll(work, 0o700) != nil {
		return
	}
	matchOwner(upper, target)
	opts := "lowerdir=" + target + ",upperdir=" + upper + ",workdir=" + work
	for _, extra := range []string{",userxattr", ""} {
		if unix.Mount("overlay", target, "overlay", unix.MS_NOSUID|unix.MS_NODEV, opts+extra) == nil {
			return
		}
	}
}

// matchOwner gives dir the owner and mode of like: an overlay's root takes
// its attributes from the upper directory.
func matchOwner(dir, like string) {
	var st unix.Stat_t
	if unix.Stat(like, &st) == nil {
		_ = os.Lchown(dir, int(st.Uid), int(st.Gid))
		_ = os.Chmod(dir, os.FileMode(st.Mode&0o7777))
	}
}
