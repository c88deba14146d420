package kubernetes

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

	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/host/sandbox/engine"
)

// abs is p inside the container: relative paths are relative to the working directory.
func (e *k8sEnv) abs(p string) string {
	if path.IsAbs(p) {
		return path.Clean(p)
	}
	return path.Join(e.workdir, p)
}

// ReadFile reads a file of the container (`cat` through pods/exec; symlinks followed).
func (e *k8sEnv) ReadFile(ctx context.Context, p string) ([]byte, error) {
	out := &capped{limit: sandbox.MaxReadFile}
	var errOut bytes.Buffer
	code, err := e.k.stream(ctx, e.pod, e.container, []string{"cat", "--", e.abs(p)}, nil, out, &errOut)
	switch {
	case errors.Is(err, errTooLarge) || out.over:
		return nil, fmt.Errorf("sandbox: read %s: file is larger than %d bytes", p, sandbox.MaxReadFile)
	case err != nil:
		return nil, fmt.Errorf("sandbox: read %s: %w", p, err)
	case code != 0:
		return nil, fmt.Errorf("sandbox: read %s: %s", p, sandbox.ErrorTail(errOut.String()))
	}
	return out.buf.Bytes(), nil
}

// WriteFile writes content to p, creating its parent directories.
func (e *k8sEnv) WriteFile(ctx context.Context, p string, content []byte) error {
	if err := e.writeFiles(ctx, map[string][]byte{p: content}); err != nil {
		return fmt.Errorf("sandbox: write %s: %w", p, err)
	}
	return nil
}

// writeFiles makes the files' directories and unpacks the files from one tar stream in one exec; a
// path that ends in "/" is a directory.
func (e *k8sEnv) writeFiles(ctx context.Context, files map[string][]byte) error {
	var dirs []string
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, p := range slices.Sorted(maps.Keys(files)) {
		abs := e.abs(p)
		if strings.HasSuffix(p, "/") {
			dirs = append(dirs, abs)
			continue
		}
		dirs = append(dirs, path.Dir(abs))
		h := &tar.Header{Name: strings.TrimPrefix(abs, "/"), Mode: 0o644, Size: int64(len(files[p])), Typeflag: tar.TypeReg}
		if err := tw.WriteHeader(h); err != nil {
			return err
		}
		if _, err := tw.Write(files[p]); err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	slices.Sort(dirs)
	script := `mkdir -p -- "$@" && exec tar -xf - -C /`
	cmd := append([]string{"sh", "-c", script, "swarmhost-write"}, slices.Compact(dirs)...)
	var errOut bytes.Buffer
	code, err := e.k.stream(ctx, e.pod, e.container, cmd, &buf, io.Discard, &errOut)
	if err != nil {
		return err
	}
	if code != 0 {
		return fmt.Errorf("writing files (exit %d): %s", code, sandbox.ErrorTail(errOut.String()))
	}
	return nil
}

// ListFiles lists every file (anything but a directory) under dir, as sorted paths relative to
// the working directory (absolute for a dir outside it).
func (e *k8sEnv) ListFiles(ctx context.Context, dir string) ([]string, error) {
	return engine.ListWithFind(ctx, func(ctx context.Context, req sandbox.ExecRequest) (sandbox.ExecResult, error) {
		return e.exec(ctx, e.container, req)
	}, dir)
}

// Prepare writes the files and runs the setup script.
func (e *k8sEnv) Prepare(ctx context.Context, files map[string][]byte, setup string) error {
	if len(files) > 0 {
		if err := e.writeFiles(ctx, files); err != nil {
			return fmt.Errorf("kubernetes sandbox: files in %s: %w", sandbox.Label(e.name), err)
		}
	}
	return sandbox.RunSetup(ctx, e.Exec, e.name, setup)
}

// errTooLarge ends a read past MaxReadFile.
var errTooLarge = errors.New("output over the limit")

// capped is a buffer that refuses to grow past limit.
type capped struct {
	buf   bytes.Buffer
	limit int
	over  bool
}

// Write implements io.Writer.
func (c *capped) Write(p []byte) (int, error) {
	if c.buf.Len()+len(p) > c.limit {
		c.over = true
		return 0, errTooLarge
	}
	return c.buf.Write(p)
}

// k8sView is a scorer's read-only window on a sandbox: reads go to the sandbox's container, and
// commands run in its view twin, which mounts the sandbox's workspace and volumes read-only (a
// write there fails; one elsewhere lands in the twin's own filesystem, never the sandbox's).
type k8sView struct{ e *k8sEnv }

// View returns the sandbox's read-only view.
func (e *k8sEnv) View() sandbox.EnvView { return &k8sView{e: e} }

// Name returns the sandbox's name.
func (v *k8sView) Name() string { return v.e.name }

// ReadFile reads a file of the sandbox.
func (v *k8sView) ReadFile(ctx context.Context, p string) ([]byte, error) {
	return v.e.ReadFile(ctx, p)
}

// ListFiles lists files of the sandbox.
func (v *k8sView) ListFiles(ctx context.Context, dir string) ([]string, error) {
	return v.e.ListFiles(ctx, dir)
}

// Exec runs req in the view twin.
func (v *k8sView) Exec(ctx context.Context, req sandbox.ExecRequest) (sandbox.ExecResult, error) {
	return v.e.exec(ctx, v.e.view, req)
}

// Every kubernetes type implements its interface.
var (
	_ sandbox.Provider = (*Provider)(nil)
	_ sandbox.Set      = (*k8sSet)(nil)
	_ sandbox.Env      = (*k8sEnv)(nil)
	_ sandbox.EnvView  = (*k8sView)(nil)
)
