package board

import (
	"slices"
	"strings"
)

// isDir reports whether p is the root or has live files below it.
// Callers hold b.mu.
func (b *Board) isDir(p string) bool {
	if p == Root {
		return true
	}
	for q := range b.paths {
		if strings.HasPrefix(q, p+"/") {
			return true
		}
	}
	return false
}

// below are the live files strictly below dir (every file for the root),
// in path order. Callers hold b.mu.
func (b *Board) below(dir string) []*boardFile {
	var out []*boardFile
	for q, f := range b.paths {
		if dir == Root || strings.HasPrefix(q, dir+"/") {
			out = append(out, f)
		}
	}
	slices.SortFunc(out, func(x, y *boardFile) int { return strings.Compare(x.path, y.path) })
	return out
}

// fileAt is the live file at path, for a command that needs a file.
// Callers hold b.mu.
func (b *Board) fileAt(path string) (*boardFile, error) {
	if err := checkPath(path); err != nil {
		return nil, err
	}
	if f := b.paths[path]; f != nil {
		return f, nil
	}
	if b.isDir(path) {
		return nil, toolErr("%s is a directory; only the view command works on a directory.", path)
	}
	return nil, toolErr("%s does not exist on the board.", path)
}

// targets are the file at path, or every file below the directory path.
// Callers hold b.mu.
func (b *Board) targets(path string) ([]*boardFile, error) {
	if f := b.paths[path]; f != nil {
		return []*boardFile{f}, nil
	}
	files := b.below(path)
	if len(files) == 0 {
		return nil, toolErr("%s does not exist on the board.", path)
	}
	return files, nil
}

// checkFree refuses a new file at a directory's path or below a file.
// Callers hold b.mu.
func (b *Board) checkFree(path string) error {
	if b.isDir(path) {
		return toolErr("%s is a directory; a file cannot take a directory's path.", path)
	}
	return b.checkAncestors(path)
}

// checkAncestors refuses a path below a live file. Callers hold b.mu.
func (b *Board) checkAncestors(path string) error {
	parts := strings.Split(path, "/")
	for n := 3; n < len(parts); n++ {
		if a := strings.Join(parts[:n], "/"); b.paths[a] != nil {
			return toolErr("%s is a file, so nothing can be created below it.", a)
		}
	}
	return nil
}
