package board

import (
	"fmt"
	"slices"
	"strings"
)

// Board commands.
const (
	CmdView       = "view"
	CmdCreate     = "create"
	CmdStrReplace = "str_replace"
	CmdInsert     = "insert"
	CmdAppend     = "append"
	CmdDelete     = "delete"
	CmdRename     = "rename"
)

// WriteRequest is one write command, its arguments checked for presence:
// only those the command takes are set.
type WriteRequest struct {
	Command                        string
	Path, OldStr, OldPath, NewPath *string
	InsertLine                     *int
	// Payload is the write's text: file_text, new_str, insert_text or
	// append_text; "" for delete and rename.
	Payload string
	// ToolSpan names the tool call in the evidence; "" for none.
	ToolSpan string
}

// change is what a write does to one file.
type change struct {
	file string
	// path is the new path; for a delete, the path the file had.
	path string
	// oldPath is "" for a new file.
	oldPath string
	// base is the version the change was computed against; 0 for a new file.
	base, version int
	content       string
	deleted       bool
}

// boardError is a rejection, shown to the member as a tool error.
type boardError struct{ msg string }

func (e *boardError) Error() string { return e.msg }

func toolErr(format string, args ...any) error { return &boardError{fmt.Sprintf(format, args...)} }

// plan computes a write against the board as it is, with every check of
// the command; nothing changes. A new file's id is allocated here, so a
// create refused later still uses one, as in the package. Callers hold b.mu.
func (b *Board) plan(member string, w WriteRequest) ([]change, error) {
	switch w.Command {
	case CmdCreate:
		c, err := b.planCreate(member, *w.Path, w.Payload)
		return []change{c}, err
	case CmdStrReplace:
		return b.planReplace(*w.Path, *w.OldStr, w.Payload)
	case CmdInsert:
		return b.planInsert(member, *w.Path, *w.InsertLine, w.Payload)
	case CmdAppend:
		return b.planAppend(member, *w.Path, w.Payload)
	case CmdDelete:
		return b.planDelete(member, *w.Path)
	case CmdRename:
		return b.planRename(member, *w.OldPath, *w.NewPath)
	}
	return nil, toolErr("Unknown command %q.", w.Command)
}

func (b *Board) planCreate(member, path, text string) (change, error) {
	if err := checkPath(path); err != nil {
		return change{}, err
	}
	content, err := composed(text)
	if err != nil {
		return change{}, err
	}
	if path == Root {
		return change{}, toolErr("%s is the board's root directory; give the file a path under it.", Root)
	}
	if f := b.paths[path]; f != nil {
		if err := b.requireSeen(member, f, "replacing it"); err != nil {
			return change{}, err
		}
		return edit(f, content), nil
	}
	if err := b.checkFree(path); err != nil {
		return change{}, err
	}
	return change{file: next("f", &b.lastFile), path: path, version: 1, content: content}, nil
}

func (b *Board) planReplace(path, old, text string) ([]change, error) {
	f, err := b.fileAt(path)
	if err != nil {
		return nil, err
	}
	switch n := strings.Count(f.content, old); {
	case n == 0:
		return nil, toolErr("old_str does not occur verbatim in %s; nothing was replaced.", f.path)
	case n > 1:
		var lines []int
		for i, line := range strings.Split(f.content, "\n") {
			if strings.Contains(line, old) {
				lines = append(lines, i+1)
			}
		}
		return nil, toolErr("old_str occurs more than once in %s (lines %v); nothing was replaced. Give text that occurs once.", f.path, lines)
	}
	content, err := composed(strings.Replace(f.content, old, text, 1))
	if err != nil {
		return nil, err
	}
	return []change{edit(f, content)}, nil
}

func (b *Board) planInsert(member, path string, at int, text string) ([]change, error) {
	f, err := b.fileAt(path)
	if err != nil {
		return nil, err
	}
	if err := b.requireSeen(member, f, "inserting into it"); err != nil {
		return nil, err
	}
	lines := strings.Split(f.content, "\n")
	if at < 0 || at > len(lines) {
		return nil, toolErr("insert_line %d is outside the file: it must be from 0 to %d.", at, len(lines))
	}
	out := slices.Concat(lines[:at], strings.Split(text, "\n"), lines[at:])
	content, err := composed(strings.Join(out, "\n"))
	if err != nil {
		return nil, err
	}
	return []change{edit(f, content)}, nil
}

// planAppend needs no view: the text goes on a new line at the end of the
// file as it is when the write lands; a missing file is created.
func (b *Board) planAppend(member, path, text string) ([]change, error) {
	if err := checkPath(path); err != nil {
		return nil, err
	}
	f := b.paths[path]
	if f == nil {
		c, err := b.planCreate(member, path, text)
		return []change{c}, err
	}
	joined := f.content
	if joined != "" && !strings.HasSuffix(joined, "\n") {
		joined += "\n"
	}
	content, err := composed(joined + text)
	if err != nil {
		return nil, err
	}
	return []change{edit(f, content)}, nil
}

func (b *Board) planDelete(member, path string) ([]change, error) {
	if err := checkPath(path); err != nil {
		return nil, err
	}
	if path == Root {
		return nil, toolErr("%s itself cannot be deleted; delete the files or directories under it.", Root)
	}
	targets, err := b.targets(path)
	if err != nil {
		return nil, err
	}
	var out []change
	for _, f := range targets {
		if err := b.requireSeen(member, f, "deleting it"); err != nil {
			return nil, err
		}
		out = append(out, change{file: f.id, path: f.path, oldPath: f.path, base: f.version,
			version: f.version + 1, deleted: true})
	}
	return out, nil
}

func (b *Board) planRename(member, old, nu string) ([]change, error) {
	for _, p := range []string{old, nu} {
		if err := checkPath(p); err != nil {
			return nil, err
		}
	}
	if old == Root {
		return nil, toolErr("%s itself cannot be renamed.", Root)
	}
	targets, err := b.targets(old)
	if err != nil {
		return nil, err
	}
	if nu == old || nu == Root || b.paths[nu] != nil || b.isDir(nu) {
		return nil, toolErr("%s already exists; delete it first or choose another path.", nu)
	}
	if strings.HasPrefix(nu, old+"/") {
		return nil, toolErr("%s cannot be moved inside itself.", old)
	}
	if err := b.checkAncestors(nu); err != nil {
		return nil, err
	}
	var out []change
	for _, f := range targets {
		moved := nu + f.path[len(old):]
		if !isBoardPath(moved) {
			return nil, toolErr("Renaming %s to %s would give %s a path that breaks the rule: %s.", old, nu, f.id, pathRule)
		}
		out = append(out, change{file: f.id, path: moved, oldPath: f.path, base: f.version,
			version: f.version + 1, content: f.content})
	}
	for _, f := range targets {
		if err := b.requireSeen(member, f, "renaming it"); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// edit is a new version of f with content.
func edit(f *boardFile, content string) change {
	return change{file: f.id, path: f.path, oldPath: f.path, base: f.version, version: f.version + 1, content: content}
}

// requireSeen refuses a write computed from a version member has not
// viewed. Callers hold b.mu.
func (b *Board) requireSeen(member string, f *boardFile, action string) error {
	if b.members[member].seen[f.id] == f.version {
		return nil
	}
	return toolErr("You have not viewed %s at its current version %d (last written by %s); view it before %s.",
		f.id, f.version, f.writer, action)
}
