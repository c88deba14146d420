package plugins

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/swarmhost/swarmhost/host/internal/suggest"
)

// PathEnv names the environment variable searched first for plugins.
const PathEnv = "SWARMHOST_PLUGIN_PATH"

// SearchDirs returns the directories searched for plugin binaries, in order:
// every entry of $SWARMHOST_PLUGIN_PATH (colon-separated, empty entries
// skipped), suiteDir/plugins (when suiteDir is not ""), then the directory
// of the running executable. suiteDir is the suite's directory (the
// directory itself, or the directory of a single-file suite). Paths are made
// absolute; duplicates keep their first place.
func SearchDirs(suiteDir string) []string {
	var dirs []string
	for _, d := range filepath.SplitList(os.Getenv(PathEnv)) {
		if d != "" {
			dirs = append(dirs, d)
		}
	}
	if suiteDir != "" {
		dirs = append(dirs, filepath.Join(suiteDir, "plugins"))
	}
	if exe, err := os.Executable(); err == nil {
		dirs = append(dirs, filepath.Dir(exe))
	}
	return absUnique(dirs)
}

// absUnique makes every path absolute and drops repeats.
func absUnique(dirs []string) []string {
	out := make([]string, 0, len(dirs))
	for _, d := range dirs {
		if abs, err := filepath.Abs(d); err == nil {
			d = abs
		}
		if !slices.Contains(out, d) {
			out = append(out, d)
		}
	}
	return out
}

// Discover resolves the plugin kind/name to a binary. A pin for the same
// kind and name with a Source wins over the search; otherwise the first
// executable swarmhost-<kind>-<name> in searchDirs (see [SearchDirs]) wins.
// The binary's SHA-256 is computed; when the pin has one and it differs,
// Discover returns a [*ChecksumError]. A binary found nowhere is a
// [*NotFoundError] that lists where Discover looked.
func Discover(kind, name string, pins []Pin, searchDirs []string) (Binary, error) {
	if !validKind(kind) {
		return Binary{}, fmt.Errorf("unknown plugin kind %q: use agent, controller or scorer", kind)
	}
	pin, pinned := findPin(kind, name, pins)
	var b Binary
	var err error
	if pinned && pin.Source != "" {
		b, err = pinnedBinary(kind, name, pin.Source)
	} else {
		b, err = search(kind, name, searchDirs)
	}
	if err != nil {
		return Binary{}, err
	}
	b.Trust, b.Limits, b.ReadOnly, b.StartTimeout = pin.Trust, pin.Limits, pin.ReadOnly, pin.StartTimeout
	b.Workers, b.Placement = pin.Workers, pin.Placement
	return b, checkPin(b, pin)
}

// findPin returns the pin for kind/name, if the suite has one.
func findPin(kind, name string, pins []Pin) (Pin, bool) {
	for _, p := range pins {
		if p.Kind == kind && p.Name == name {
			return p, true
		}
	}
	return Pin{}, false
}

// pinnedBinary resolves a pin's source.
func pinnedBinary(kind, name, source string) (Binary, error) {
	b := Binary{Kind: kind, Name: name, Path: source, Pinned: true}
	if why := unusable(source); why != "" {
		return Binary{}, fmt.Errorf("%s plugin %q is pinned to %s, which %s", kind, name, source, why)
	}
	return withDigest(b)
}

// search looks for the binary in dirs, in order.
func search(kind, name string, dirs []string) (Binary, error) {
	nf := &NotFoundError{Kind: kind, Name: name, Dirs: dirs}
	for _, dir := range dirs {
		path := filepath.Join(dir, BinaryName(kind, name))
		switch why := unusable(path); why {
		case "":
			return withDigest(Binary{Kind: kind, Name: name, Path: path})
		case notThere:
		default:
			nf.Skipped = append(nf.Skipped, path+" "+why)
		}
	}
	nf.Suggestion = suggest.Closest(name, namesOfKind(kind, dirs))
	return Binary{}, nf
}

// namesOfKind lists the names of the kind's plugin binaries in dirs (by
// file name only: nothing is hashed or run).
func namesOfKind(kind string, dirs []string) []string {
	var names []string
	for _, dir := range dirs {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if k, n, ok := ParseBinaryName(e.Name()); ok && k == kind {
				names = append(names, n)
			}
		}
	}
	return names
}

// notThere is unusable's answer for a path that does not exist.
const notThere = "does not exist"

// unusable says why path cannot be run as a plugin, or "" when it can.
func unusable(path string) string {
	info, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return notThere
	case err != nil:
		return "cannot be read: " + err.Error()
	case !info.Mode().IsRegular():
		return "is not a regular file"
	case info.Mode().Perm()&0o111 == 0:
		return "is not executable"
	}
	return ""
}

// withDigest makes b's path absolute and fills in its SHA-256.
func withDigest(b Binary) (Binary, error) {
	if abs, err := filepath.Abs(b.Path); err == nil {
		b.Path = abs
	}
	sum, err := resolvedSHA256(b.Path)
	if err != nil {
		return Binary{}, fmt.Errorf("%s: %w", b, err)
	}
	b.SHA256 = sum
	return b, nil
}

// NotFoundError is a plugin that no pin names and no search directory holds.
type NotFoundError struct {
	Kind, Name string
	// Dirs are the directories searched, in order.
	Dirs []string
	// Skipped are files with the right name that could not be used, each
	// followed by why.
	Skipped []string
	// Suggestion is the name of a plugin of the same kind in Dirs that
	// Name is probably a typo of, or "".
	Suggestion string
}

// Error lists where the binary was looked for and how to fix it.
func (e *NotFoundError) Error() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "no %s plugin %q: looked for %s in ", e.Kind, e.Name, BinaryName(e.Kind, e.Name))
	if len(e.Dirs) == 0 {
		sb.WriteString("no directories")
	} else {
		sb.WriteString(strings.Join(e.Dirs, ", "))
	}
	for _, s := range e.Skipped {
		sb.WriteString("; skipped " + s)
	}
	fmt.Fprintf(&sb, " (put it in one of them, add its directory to $%s, or pin it with a plugin %q %q { source = ... } block)",
		PathEnv, e.Kind, e.Name)
	if e.Suggestion != "" {
		fmt.Fprintf(&sb, ". Did you mean %q?", e.Suggestion)
	}
	return sb.String()
}
