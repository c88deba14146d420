package catalog

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/swarmhost/swarmhost/host/plugins"
)

// LockFile is the name of a directory suite's lock file, in the directory.
const LockFile = "swarmhost.lock.json"

// lockSuffix ends the name of a single-file suite's lock file.
const lockSuffix = ".lock.json"

// LockPath is the lock file of the suite at path, one per suite: a
// directory suite (every .hcl file in DIR, loaded together) has
// DIR/swarmhost.lock.json, and the single-file suite DIR/NAME.hcl has
// DIR/NAME.lock.json, so suites that share a directory each have their own.
func LockPath(suite string) string {
	if info, err := os.Stat(suite); err == nil && info.IsDir() || filepath.Ext(suite) != ".hcl" {
		return filepath.Join(suite, LockFile)
	}
	return strings.TrimSuffix(suite, ".hcl") + lockSuffix
}

// lockFile is the content of a lock file: the sha256 of every plugin its
// suite uses, by kind and name. `swarmhost plugins lock SUITE` writes it;
// `run` and `validate` refuse a plugin whose binary no longer matches it,
// or that it does not list.
type lockFile struct {
	Comment string      `json:"comment"`
	Plugins []lockEntry `json:"plugins"`
}

// lockEntry is one plugin. Path is informational (relative to the lock
// file when below it): the check is by kind, name and digest.
type lockEntry struct {
	Kind   string `json:"kind"`
	Name   string `json:"name"`
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
}

const lockComment = "written by `swarmhost plugins lock`: the sha256 of every plugin this suite uses; " +
	"swarmhost run refuses a plugin that no longer matches"

// IgnoreLock makes c check no lock file: `swarmhost plugins lock` is
// rewriting it. Call it before the first binary is resolved.
func (c *Catalog) IgnoreLock() { c.lock = nil }

// suiteLock is the lock file of one suite, read on first use.
type suiteLock struct {
	// suite is the suite's path, for the command that rewrites the lock.
	suite string
	// path is the suite's own lock file ([LockPath]).
	path string
	// legacy is, for a single-file suite, its directory's
	// swarmhost.lock.json, which swarmhost before per-suite locks wrote
	// for every suite of the directory: it is checked when the suite has
	// no lock of its own, so that no lock stops being enforced.
	legacy string
	once   sync.Once
	file   *lockFile // nil when there is none
	used   string    // the file read
	err    error
}

// newSuiteLock is the lock of the suite at path.
func newSuiteLock(suite string) *suiteLock {
	l := &suiteLock{suite: suite, path: LockPath(suite)}
	if filepath.Base(l.path) != LockFile {
		l.legacy = filepath.Join(filepath.Dir(l.path), LockFile)
	}
	return l
}

// read reads the suite's own lock file, else its legacy one.
func (l *suiteLock) read() {
	l.used = l.path
	l.file, l.err = readLock(l.path)
	if l.file == nil && l.err == nil && l.legacy != "" {
		l.used = l.legacy
		l.file, l.err = readLock(l.legacy)
	}
}

// check refuses b when a lock file exists and b does not match it. A nil
// suiteLock checks nothing.
func (l *suiteLock) check(b plugins.Binary) error {
	if l == nil {
		return nil
	}
	l.once.Do(l.read)
	switch {
	case l.err != nil:
		return l.err
	case l.file == nil:
		return nil
	}
	fix := fmt.Sprintf("if the change is intended, run `swarmhost plugins lock %s` to update the lock", l.suite)
	if l.used == l.legacy {
		fix = fmt.Sprintf("%s is the lock of the directory's suites together, as swarmhost wrote it before each suite "+
			"had its own; run `swarmhost plugins lock %s` to write this suite's own, %s, which takes its place",
			l.legacy, l.suite, l.path)
	}
	for _, e := range l.file.Plugins {
		if e.Kind == b.Kind && e.Name == b.Name {
			if e.SHA256 == b.SHA256 {
				return nil
			}
			return &lockError{summary: "Plugin binary does not match the lock file", err: fmt.Errorf(
				"refusing to run %s: its sha256 is %s, but %s locks it at %s (the binary changed since it was locked); %s",
				b, b.SHA256, l.used, e.SHA256, fix)}
		}
	}
	return &lockError{summary: "Plugin not in the lock file", err: fmt.Errorf("refusing to run %s: %s does not list it; %s", b, l.used, fix)}
}

// lockError is a binary the suite's lock file refuses.
type lockError struct {
	summary string
	err     error
}

func (e *lockError) Error() string { return e.err.Error() }

// Summary is the diagnostic summary host/config shows for it.
func (e *lockError) Summary() string { return e.summary }

// readLock reads a lock file; a missing one is nil.
func readLock(path string) (*lockFile, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, fmt.Errorf("lock file: %w", err)
	}
	var f lockFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("lock file %s: %w (delete it and run `swarmhost plugins lock` again)", path, err)
	}
	return &f, nil
}

// WriteLock writes the lock file at path, atomically: exactly bins, the
// plugins of its suite.
func WriteLock(path string, bins []plugins.Binary) error {
	byKey := map[string]lockEntry{}
	for _, b := range bins {
		p := b.Path
		if rel, err := filepath.Rel(filepath.Dir(path), p); err == nil && filepath.IsLocal(rel) {
			p = rel
		}
		byKey[b.Kind+"/"+b.Name] = lockEntry{Kind: b.Kind, Name: b.Name, Path: p, SHA256: b.SHA256}
	}
	f := lockFile{Comment: lockComment, Plugins: []lockEntry{}}
	for _, e := range byKey {
		f.Plugins = append(f.Plugins, e)
	}
	sort.Slice(f.Plugins, func(i, j int) bool {
		return f.Plugins[i].Kind+"/"+f.Plugins[i].Name < f.Plugins[j].Kind+"/"+f.Plugins[j].Name
	})
	data, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(data, '\n'), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
