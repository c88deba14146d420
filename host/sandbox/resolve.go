package sandbox

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/swarmhost/swarmhost/host/isolate"
)

// maxLinks bounds the symlinks followed while resolving one path.
const maxLinks = 40

// resolve returns path as a symlink-free path relative to base (an absolute,
// symlink-free directory), following symlinks as the kernel would. A path
// that leaves base at any step is [ErrOutside]. Components that do not exist
// yet are kept as they are, so paths to be created resolve too. Absolute
// symlinks that point inside base are allowed (os.Root alone refuses them).
func resolve(base, path string) (string, error) {
	rest, err := relative(base, path)
	if err != nil {
		return "", err
	}
	cur, links := base, 0
	for len(rest) > 0 {
		part := rest[0]
		rest = rest[1:]
		next, target, err := step(base, cur, part)
		if err != nil {
			return "", err
		}
		if target == nil {
			cur = next
			continue
		}
		if links++; links > maxLinks {
			return "", errors.New("too many levels of symbolic links")
		}
		cur, rest = target.from, append(target.parts, rest...)
	}
	rel, _ := filepath.Rel(base, cur)
	return rel, nil
}

// link is where a symlink leads: parts to walk from a directory.
type link struct {
	from  string
	parts []string
}

// step moves from cur through one path component. It returns the next
// directory, or — when the component is a symlink — where the link leads.
func step(base, cur, part string) (string, *link, error) {
	next := filepath.Join(cur, part)
	if part == ".." {
		next = filepath.Dir(cur)
	}
	if next != base && !strings.HasPrefix(next, base+string(filepath.Separator)) {
		return "", nil, ErrOutside
	}
	info, err := os.Lstat(next)
	if err != nil || info.Mode()&fs.ModeSymlink == 0 || part == ".." {
		return next, nil, nil
	}
	target, err := os.Readlink(next)
	if err != nil {
		return "", nil, err
	}
	if !filepath.IsAbs(target) {
		return "", &link{from: cur, parts: split(target)}, nil
	}
	parts, err := relative(base, target)
	return "", &link{from: base, parts: parts}, err
}

// relative splits path — relative to base, or absolute inside it — into
// components, refusing absolute paths elsewhere.
func relative(base, path string) ([]string, error) {
	if filepath.IsAbs(path) {
		rel, err := filepath.Rel(base, filepath.Clean(path))
		if err != nil || !filepath.IsLocal(rel) && rel != "." {
			return nil, ErrOutside
		}
		path = rel
	}
	return split(path), nil
}

// split cuts a path into its components, dropping empty ones and ".".
func split(path string) []string {
	var parts []string
	for _, p := range strings.Split(filepath.ToSlash(path), "/") {
		if p != "" && p != "." {
			parts = append(parts, p)
		}
	}
	return parts
}

// programInView finds a command's program as its sandbox sees it and
// returns the name to execute there: a name without a slash is looked up
// in the command's PATH, skipping directories outside the view; a relative
// path is resolved in the working directory; an absolute one must lie in
// the view. The view is the sandbox's own directories (symlinks resolved
// inside them, never out: see [resolve]) and the system directories every
// sandbox shows ([isolate.SystemDirs]). Anything else — a host path such as
// $HOME or /root, `..` out of the sandbox, a symlink out of it,
// /proc/self/root — is [ErrOutside]. The sandbox then resolves the name
// again itself (isolate.Spec.InView), inside its own root.
func programInView(w where, name string, env []string) (string, error) {
	if strings.Contains(name, "/") {
		if _, err := inView(w, name); err != nil {
			return "", fmt.Errorf("%s: %w", name, err)
		}
		if _, err := os.Stat(hostPath(w, name)); err != nil {
			return "", err
		}
		return name, nil
	}
	for _, dir := range filepath.SplitList(pathOf(env)) {
		p := filepath.Join(dir, name)
		if !filepath.IsAbs(dir) {
			continue
		}
		if real, err := inView(w, p); err == nil && isExecutable(real) {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s: executable file not found in PATH", name)
}

// inView returns where path (relative to the working directory, or
// absolute) leads on the host when it stays in the view; ErrOutside
// otherwise.
func inView(w where, path string) (string, error) {
	if !filepath.IsAbs(path) {
		rel, err := resolve(w.dir, path)
		if err != nil {
			return "", err
		}
		return filepath.Join(w.dir, rel), nil
	}
	for _, root := range append(append([]string{w.dir}, w.readWrite...), w.overlay...) {
		if within(root, filepath.Clean(path)) {
			rel, err := resolve(root, path)
			if err != nil {
				return "", err
			}
			return filepath.Join(root, rel), nil
		}
	}
	for _, sys := range isolate.SystemDirs() {
		if !within(sys, filepath.Clean(path)) {
			continue
		}
		real, err := filepath.EvalSymlinks(path)
		if err != nil {
			return path, nil // missing: the caller says so
		}
		for _, s := range isolate.SystemDirs() {
			if within(s, real) {
				return real, nil
			}
		}
	}
	return "", ErrOutside
}

// hostPath is where name (checked with inView) is on the host.
func hostPath(w where, name string) string {
	if filepath.IsAbs(name) {
		return name
	}
	return filepath.Join(w.dir, name)
}

// pathOf returns the value of the last PATH entry of env.
func pathOf(env []string) string {
	var list string
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "PATH="); ok {
			list = v
		}
	}
	return list
}

// isExecutable reports whether path is a file with an execute bit.
func isExecutable(path string) bool {
	info, err := os.Stat(path)
	return err == nil && !info.IsDir() && info.Mode()&0o111 != 0
}
