package docker

import (
	"archive/tar"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/docker/docker/api/types/container"

	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/host/sandbox/engine"
)

// maxLinkHops bounds how many symlinks ReadFile follows.
const maxLinkHops = 8

// ReadFile reads a file of the container through the engine's archive
// API, following symlinks inside the container.
func (e *dockerEnv) ReadFile(ctx context.Context, p string) ([]byte, error) {
	return e.readFile(ctx, e.id, p)
}

// readFile reads p (relative to the working dir) from container id.
func (e *dockerEnv) readFile(ctx context.Context, id, p string) ([]byte, error) {
	target := e.abs(p)
	for range maxLinkHops {
		content, link, err := e.readEntry(ctx, id, target)
		if err != nil {
			return nil, fmt.Errorf("sandbox: read %s: %w", p, err)
		}
		if link == "" {
			return content, nil
		}
		if !path.IsAbs(link) {
			link = path.Join(path.Dir(target), link)
		}
		target = link
	}
	return nil, fmt.Errorf("sandbox: read %s: too many levels of symbolic links", p)
}

// readEntry copies abs out of the container: a regular file's content, or
// a symlink's target.
func (e *dockerEnv) readEntry(ctx context.Context, id, abs string) (content []byte, link string, err error) {
	rc, _, err := e.d.cli.CopyFromContainer(ctx, id, abs)
	if err != nil {
		if errdefsNotFound(err) {
			return nil, "", errors.New("no such file or directory")
		}
		return nil, "", err
	}
	defer rc.Close()
	tr := tar.NewReader(rc)
	h, err := tr.Next()
	if err != nil {
		return nil, "", err
	}
	switch h.Typeflag {
	case tar.TypeDir:
		return nil, "", errors.New("is a directory")
	case tar.TypeSymlink:
		return nil, h.Linkname, nil
	}
	if h.Size > sandbox.MaxReadFile {
		return nil, "", fmt.Errorf("file is larger than %d bytes", sandbox.MaxReadFile)
	}
	content, err = io.ReadAll(io.LimitReader(tr, sandbox.MaxReadFile+1))
	return content, "", err
}

// WriteFile writes content to p, creating its parent directories.
func (e *dockerEnv) WriteFile(ctx context.Context, p string, content []byte) error {
	if err := e.writeFiles(ctx, map[string][]byte{p: content}); err != nil {
		return fmt.Errorf("sandbox: write %s: %w", p, err)
	}
	return nil
}

// writeFiles copies files into the container in one archive; a path that
// ends in "/" is a directory. Parent directories that do not exist are
// made first (the archive would give them root's ownership and mode).
func (e *dockerEnv) writeFiles(ctx context.Context, files map[string][]byte) error {
	if err := e.makeDirs(ctx, files); err != nil {
		return err
	}
	archive, err := tarFiles(e, files)
	if err != nil {
		return err
	}
	return e.d.cli.CopyToContainer(ctx, e.id, "/", archive, container.CopyToContainerOptions{CopyUIDGID: true})
}

// makeDirs makes the parent directories of files (and the paths ending in
// "/") that may not exist: any but the working directory and /.
func (e *dockerEnv) makeDirs(ctx context.Context, files map[string][]byte) error {
	dirs := e.dirsOf(files)
	if len(dirs) == 0 {
		return nil
	}
	res, err := e.Exec(ctx, sandbox.ExecRequest{Command: append([]string{"mkdir", "-p", "--"}, dirs...)})
	if err != nil {
		return err
	}
	if res.ExitCode != 0 {
		return fmt.Errorf("mkdir: %s", sandbox.ErrorTail(res.Stderr))
	}
	return nil
}

// dirsOf is the sorted directories makeDirs makes for files.
func (e *dockerEnv) dirsOf(files map[string][]byte) []string {
	var dirs []string
	for p := range files {
		dir := path.Dir(e.abs(p))
		if strings.HasSuffix(p, "/") {
			dir = e.abs(p)
		}
		if dir != e.workdir && dir != "/" {
			dirs = append(dirs, dir)
		}
	}
	slices.Sort(dirs)
	return slices.Compact(dirs)
}

// emptyOnly reports whether files are all empty files and directories
// (the filesystem channel's layout when a sample has no files).
func emptyOnly(files map[string][]byte) bool {
	for _, content := range files {
		if len(content) > 0 {
			return false
		}
	}
	return true
}

// makeEmptyScript makes the directories before "--" and creates the files
// after it afresh, with mode 0644, replacing what is at each path (a link
// included, never written through), as the archive writes them.
const makeEmptyScript = `umask 022; d=1
for a; do
  if [ "$a" = -- ]; then d=
  elif [ -n "$d" ]; then mkdir -p -- "$a" || exit
  else rm -f -- "$a" && : > "$a" || exit
  fi
done`

// makeEmpty writes files that are all empty (emptyOnly) with one command
// as the container's user, where writeFiles would run mkdir and then copy
// an archive: at a sample's start that is the engine's costliest step
// after the containers themselves. The result is the same: directories
// and files owned by the container's user, files 0644 and empty. Unlike
// the archive (which the engine extracts as root), it cannot create a file
// in a directory of the image the container's user may not write; the
// layout's paths are in the working directory, which it may.
func (e *dockerEnv) makeEmpty(ctx context.Context, files map[string][]byte) error {
	args := append([]string{"sh", "-c", makeEmptyScript, "swarmhost-layout"}, e.dirsOf(files)...)
	args = append(args, "--")
	for _, p := range slices.Sorted(maps.Keys(files)) {
		if !strings.HasSuffix(p, "/") {
			args = append(args, e.abs(p))
		}
	}
	res, err := e.Exec(ctx, sandbox.ExecRequest{Command: args})
	if err != nil {
		return err
	}
	if res.ExitCode != 0 {
		return fmt.Errorf("write files: %s", sandbox.ErrorTail(res.Stderr))
	}
	return nil
}

// tarFiles is an archive of files at their absolute paths in e.
func tarFiles(e *dockerEnv, files map[string][]byte) (io.Reader, error) {
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, p := range slices.Sorted(maps.Keys(files)) {
		if strings.HasSuffix(p, "/") {
			continue
		}
		name := strings.TrimPrefix(e.abs(p), "/")
		if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(files[p])), Typeflag: tar.TypeReg}); err != nil {
			return nil, err
		}
		if _, err := tw.Write(files[p]); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	return &buf, nil
}

// ListFiles lists every file (anything but a directory) under dir with
// `find` in the container, as sorted paths relative to the working dir
// (absolute for a dir outside it).
func (e *dockerEnv) ListFiles(ctx context.Context, dir string) ([]string, error) {
	return e.listFiles(ctx, e.id, dir)
}

// listFiles lists dir in container id.
func (e *dockerEnv) listFiles(ctx context.Context, id, dir string) ([]string, error) {
	return engine.ListWithFind(ctx, func(ctx context.Context, req sandbox.ExecRequest) (sandbox.ExecResult, error) {
		return e.exec(ctx, id, req)
	}, dir)
}
