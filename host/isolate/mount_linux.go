package isolate

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"

	"golang.org/x/sys/unix"
)

// systemDirs are bound read-only into every TierNamespaces root (a
// symlink, as /bin is on merged-/usr systems, is recreated instead).
var systemDirs = []string{"/usr", "/bin", "/sbin", "/lib", "/lib64", "/lib32", "/libx32"}

// SystemDirs are the host directories every TierNamespaces sandbox sees
// read-only at their own paths.
func SystemDirs() []string { return slices.Clone(systemDirs) }

// systemEtc are the only parts of /etc a sandbox sees: the dynamic loader's
// cache, name service and TLS configuration, interpreters' settings.
// Passwords, keys and the rest of the host's configuration stay out.
var systemEtc = []string{"/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/passwd", "/etc/group",
	"/etc/nsswitch.conf", "/etc/hosts", "/etc/host.conf", "/etc/resolv.conf", "/etc/gai.conf", "/etc/ssl",
	"/etc/ca-certificates", "/etc/alternatives", "/etc/localtime", "/etc/timezone", "/etc/mime.types",
	"/etc/protocols", "/etc/services", "/etc/python3", "/etc/python3.11", "/etc/python3.12", "/etc/python3.13"}

// devNodes are bound from the host's /dev.
var devNodes = []string{"/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom"}

// buildRoot makes the TierNamespaces root and pivots into it (package doc,
// step 4). It runs in the init's own mount namespace; nothing of it is
// visible on the host.
func buildRoot(p policy) error {
	steps := []func(policy) error{privateTmpfs, bindSystem, bindSpec, mountTmpfs, bindProgram, bindDev, mountProc, pivot}
	for _, step := range steps {
		if err := step(p); err != nil {
			return err
		}
	}
	return nil
}

// privateTmpfs makes the mount tree private, then mounts the tmpfs root and,
// before any bind can be hidden under it, the scratch tmpfs at /tmp (and one
// for overlay layers, closed to the program).
func privateTmpfs(p policy) error {
	if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, ""); err != nil {
		return fmt.Errorf("make mounts private: %w", err)
	}
	const fl = unix.MS_NOSUID | unix.MS_NODEV
	if err := unix.Mount("tmpfs", p.Root, "tmpfs", fl, "mode=0755,size=16m"); err != nil {
		return fmt.Errorf("mount root tmpfs: %w", err)
	}
	size := strconv.FormatInt(p.Limits.ScratchBytes, 10)
	if err := mkMount("tmpfs", filepath.Join(p.Root, "tmp"), "tmpfs", fl, "mode=1777,size="+size); err != nil {
		return err
	}
	if len(p.Overlay) == 0 {
		return nil
	}
	return mkMount("tmpfs", filepath.Join(p.Root, overlayDir), "tmpfs", fl, "mode=0700,size="+size)
}

// mountTmpfs mounts a private tmpfs of ScratchBytes at each Tmpfs path,
// owned by the program's user.
func mountTmpfs(p policy) error {
	uid, gid := max(p.UID, 0), max(p.GID, 0)
	opts := fmt.Sprintf("mode=0700,size=%d,uid=%d,gid=%d", p.Limits.ScratchBytes, uid, gid)
	for _, path := range p.Tmpfs {
		if err := mkMount("tmpfs", filepath.Join(p.Root, path), "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, opts); err != nil {
			return err
		}
	}
	return nil
}

// overlayDir holds the overlays' upper and work directories inside the
// root; only the init's root user may enter it.
const overlayDir = ".overlay"

// mkMount creates the directory target and mounts on it.
func mkMount(src, target, fstype string, flags uintptr, data string) error {
	if err := os.MkdirAll(target, 0o755); err != nil {
		return err
	}
	if err := unix.Mount(src, target, fstype, flags, data); err != nil {
		return fmt.Errorf("mount %s on %s: %w", fstype, target, err)
	}
	return nil
}

// bindSystem binds the system directories and the chosen /etc entries
// read-only; missing ones are skipped.
func bindSystem(p policy) error {
	for _, dir := range systemDirs {
		if target, err := os.Readlink(dir); err == nil {
			if err := os.Symlink(target, filepath.Join(p.Root, dir)); err != nil {
				return fmt.Errorf("symlink %s: %w", dir, err)
			}
			continue
		}
		if err := bindIfPresent(p.Root, dir, bindRO); err != nil {
			return err
		}
	}
	for _, path := range systemEtc {
		if err := bindIfPresent(p.Root, path, bindRO); err != nil {
			return err
		}
	}
	return nil
}

// bindSpec binds the spec's paths, parents before children.
func bindSpec(p policy) error {
	type entry struct {
		path string
		mode bindMode
	}
	var all []entry
	for _, group := range []struct {
		paths []string
		mode  bindMode
	}{{p.ReadOnly, bindRO}, {p.ReadWrite, bindRW}, {p.Overlay, bindOverlay}} {
		for _, path := range group.paths {
			all = append(all, entry{filepath.Clean(path), group.mode})
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return len(all[i].path) < len(all[j].path) })
	for i, e := range all {
		if err := bind(p.Root, e.path, e.mode); err != nil {
			return err
		}
		if e.mode == bindOverlay {
			overlay(p.Root, e.path, i)
		}
	}
	return nil
}

// bindProgram binds the program read-only when the other binds do not
// already show it.
func bindProgram(p policy) error {
	if p.InView {
		return nil
	}
	if p.ProgramSource != "" {
		return bindFrom(p.Root, p.ProgramSource, p.Path, bindRO)
	}
	if !filepath.IsAbs(p.Path) {
		return nil
	}
	if _, err := os.Stat(filepath.Join(p.Root, p.Path)); err == nil {
		return nil
	}
	return bind(p.Root, p.Path, bindRO)
}

// bindDev binds a few device nodes and links the standard descriptors.
func bindDev(p policy) error {
	for _, node := range devNodes {
		if err := bindIfPresent(p.Root, node, bindDevice); err != nil {
			return err
		}
	}
	links := map[string]string{"fd": "/proc/self/fd", "stdin": "/proc/self/fd/0",
		"stdout": "/proc/self/fd/1", "stderr": "/proc/self/fd/2"}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(p.Root, "dev", name)); err != nil {
			return fmt.Errorf("symlink /dev/%s: %w", name, err)
		}
	}
	return nil
}

// mountProc mounts a proc of the new pid namespace.
func mountProc(p policy) error {
	return mkMount("proc", filepath.Join(p.Root, "proc"), "proc", unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, "")
}

// pivot makes the new root the root, detaches the host's, remounts the new
// root read-only and names the host.
func pivot(p policy) error {
	old := filepath.Join(p.Root, ".oldroot")
	if err := os.Mkdir(old, 0o700); err != nil {
		return err
	}
	if err := unix.PivotRoot(p.Root, old); err != nil {
		return fmt.Errorf("pivot_root: %w", err)
	}
	if err := unix.Chdir("/"); err != nil {
		return err
	}
	if err := unix.Unmount("/.oldroot", unix.MNT_DETACH); err != nil {
		return fmt.Errorf("detach the host's root: %w", err)
	}
	if err := os.Remove("/.oldroot"); err != nil {
		return err
	}
	const ro = unix.MS_BIND | unix.MS_REMOUNT | unix.MS_RDONLY | unix.MS_NOSUID | unix.MS_NODEV
	if err := unix.Mount("", "/", "", ro, ""); err != nil {
		return fmt.Errorf("remount / read-only: %w", err)
	}
	return unix.Sethostname([]byte("sandbox"))
}

// bindIfPresent binds path unless it does not exist on the host.
func bindIfPresent(root, path string, mode bindMode) error {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return bind(root, path, mode)
}
