package sandbox

import (
	"context"
	"encoding/base64"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// ErrorTailBytes caps the stderr [ErrorTail] quotes in an error.
const ErrorTailBytes = 4096

// ResolveFiles reads every file value once: a data: URL decoded, an existing
// source file's content, or the literal value.
func ResolveFiles(files map[string]string, baseDir string) (map[string][]byte, error) {
	out := make(map[string][]byte, len(files))
	for dst, value := range files {
		b, err := fileContent(value, baseDir)
		if err != nil {
			return nil, fmt.Errorf("sandbox: files[%q]: %w", dst, err)
		}
		out[dst] = b
	}
	return out, nil
}

// fileContent resolves one value of a sample's files.
func fileContent(value, baseDir string) ([]byte, error) {
	if b, ok, err := dataURL(value); ok || err != nil {
		return b, err
	}
	src := sourcePath(value, baseDir)
	if src == "" {
		return []byte(value), nil
	}
	info, err := os.Stat(src)
	switch {
	case err != nil:
		return []byte(value), nil
	case info.IsDir():
		return nil, fmt.Errorf("%s is a directory; files copies single files", src)
	}
	return os.ReadFile(src)
}

// sourcePath returns where value would be a source file, or "" when it
// cannot be a path (empty, multi-line, very long, or relative without a base).
func sourcePath(value, baseDir string) string {
	if value == "" || len(value) > 4096 || strings.ContainsAny(value, "\n\x00") {
		return ""
	}
	if filepath.IsAbs(value) {
		return value
	}
	if baseDir == "" {
		return ""
	}
	return filepath.Join(baseDir, value)
}

// dataURLHead matches the part of a data: URL before the comma, so that text
// which merely starts with "data:" stays literal content.
var dataURLHead = regexp.MustCompile(`^data:([\w.+-]+/[\w.+-]+)?(;[\w.+-]+=[\w.+-]+)*(;base64)?,`)

// dataURL decodes value when it is a data: URL (RFC 2397).
func dataURL(value string) ([]byte, bool, error) {
	head := dataURLHead.FindString(value)
	if head == "" {
		return nil, false, nil
	}
	payload := value[len(head):]
	if strings.HasSuffix(head, ";base64,") {
		b, err := base64.StdEncoding.DecodeString(payload)
		if err != nil {
			return nil, true, fmt.Errorf("bad base64 in data URL: %w", err)
		}
		return b, true, nil
	}
	s, err := url.PathUnescape(payload)
	if err != nil {
		return nil, true, fmt.Errorf("bad data URL: %w", err)
	}
	return []byte(s), true, nil
}

// prepare writes the sample's files into the sandbox, then runs the setup.
func (s *Sandbox) prepare(ctx context.Context, files map[string][]byte, setup string) error {
	for path, content := range files {
		if err := s.WriteFile(ctx, path, content); err != nil {
			return err
		}
	}
	return RunSetup(ctx, s.Exec, s.name, setup)
}

// ExecFunc runs a request in one sandbox: [Env.Exec], or a container
// provider's exec in one of its containers.
type ExecFunc func(ctx context.Context, req ExecRequest) (ExecResult, error)

// RunSetup runs a sample's setup script with exec in the sandbox called
// name; a non-zero exit is an error with the end of its stderr.
func RunSetup(ctx context.Context, exec ExecFunc, name, setup string) error {
	if setup == "" {
		return nil
	}
	res, err := exec(ctx, ExecRequest{Command: []string{"sh", "-c", setup}})
	if err != nil {
		return fmt.Errorf("sandbox: setup in %s: %w", Label(name), err)
	}
	if res.ExitCode != 0 {
		return fmt.Errorf("sandbox: setup failed in %s (exit %d): %s", Label(name), res.ExitCode, ErrorTail(res.Stderr))
	}
	return nil
}

// Label names the sandbox called name in messages: "the shared sandbox",
// "the sandbox of alice".
func Label(name string) string {
	if name == "" {
		return "the shared sandbox"
	}
	return "the sandbox of " + name
}

// ErrorTail is the end of a command's stderr as an error message quotes
// it: trimmed, at most [ErrorTailBytes] bytes.
func ErrorTail(stderr string) string {
	s := strings.TrimSpace(stderr)
	if len(s) > ErrorTailBytes {
		s = "…" + s[len(s)-ErrorTailBytes:]
	}
	return s
}

// CheckFileSources checks, before any sample runs, that every value of a
// sample's files that names a file on the host (as [ResolveFiles] would
// read it: an absolute path, or one relative to baseDir, that exists) lies
// inside one of roots once symlinks are resolved (issue 27: a dataset's
// files copied any host file, e.g. under /root, into every sandbox). Data
// URLs and literal content are not paths and pass. The error names the
// files key, the path and the roots.
func CheckFileSources(files map[string]string, baseDir string, roots []string) error {
	for _, dst := range sortedKeys(files) {
		value := files[dst]
		if _, ok, _ := dataURL(value); ok {
			continue
		}
		src := sourcePath(value, baseDir)
		if src == "" {
			continue
		}
		if _, err := os.Lstat(src); err != nil {
			continue // not a file: literal content, as ResolveFiles takes it
		}
		real, err := filepath.EvalSymlinks(src)
		if err != nil {
			return fmt.Errorf("files[%q]: %s: %w", dst, src, err)
		}
		if !insideAny(real, roots) {
			where := src
			if real != src {
				where = fmt.Sprintf("%s (%s)", src, real)
			}
			return fmt.Errorf("files[%q]: %s is outside %s: a dataset's files are read only there unless the suite allows more (allow_files_outside)",
				dst, where, strings.Join(roots, " and "))
		}
	}
	return nil
}

// insideAny reports whether path (resolved) is one of roots or under one;
// roots are resolved here.
func insideAny(path string, roots []string) bool {
	for _, root := range roots {
		if r, err := filepath.EvalSymlinks(root); err == nil {
			root = r
		}
		if rel, err := filepath.Rel(root, path); err == nil && rel != ".." && !strings.HasPrefix(rel, "../") && !filepath.IsAbs(rel) {
			return true
		}
	}
	return false
}

// sortedKeys returns m's keys in order, so the first refusal is stable.
func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
