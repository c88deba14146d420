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
	"sync"

	"github.com/swarmhost/swarmhost/host/plugins"
)

// LockFile is the name of a suite's lock file, in the suite's directory
// (the directory itself, or the directory of a single-file suite).
const LockFile = "swarmhost.lock.json"

// lockFile is the content of a lock file: the sha256 of every plugin the
// suites beside it use, by kind and name. `swarmhost plugins lock SUITE`
// writes it; `run` and `validate` refuse a plugin whose binary no longer
// matches it, or that it does not list.
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

const lockComment = "written by `swarmhost plugins lock`: the sha256 of every plugin these suites use; " +
	"swarmhost run refuses a plugin that no longer matches"

// IgnoreLock makes c check no lock file: `swarmhost plugins lock` is
// rewriting it. Call it before the first binary is resolved.
func (c *Catalog) IgnoreLock() { c.lock = nil }

// suiteLock is the lock file of one suite directory, read on first use.
type suiteLock struct {
	path string
	once sync.Once
	file *lockFile // nil when there is none
	err  error
}

// check refuses b when a lock file exists and b does not match it. A nil
// suiteLock checks nothing.
func (l *suiteLock) check(b plugins.Binary) error {
	if l == nil {
		return nil
	}
	l.once.Do(func() { l.file, l.err = readLock(l.path) })
	switch {
	case l.err != nil:
		return l.err
	case l.file == nil:
		return nil
	}
	fix := fmt.Sprintf("if the change is intended, run `swarmhost plugins lock %s` to update the lock", filepath.Dir(l.path))
	for _, e := range l.file.Plugins {
		if e.Kind == b.Kind && e.Name == b.Name {
			if e.SHA256 == b.SHA256 {
				return nil
			}
			return &lockError{summary: "Plugin binary does not match the lock file", err: fmt.Errorf(
				"refusing to run %s: its sha256 is %s, but %s locks it at %s (the binary changed since it was locked); %s",
				b, b.SHA256, l.path, e.SHA256, fix)}
		}
	}
	return &lockError{summary: "Plugin not in the lock file", err: fmt.Errorf("refusing to run %s: %s does not list it; %s", b, l.path, fix)}
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

// WriteLock merges bins into the lock file at path, atomically.
func WriteLock(path string, bins []plugins.Binary) error {
	old, err := readLock(path)
	if err != nil {
		return err
	}
	byKey := map[string]lockEntry{}
	if old != nil {
		for _, e := range old.Plugins {
			byKey[e.Kind+"/"+e.Name] = e
		}
	}
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
