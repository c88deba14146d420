package sandbox

import (
	"context"
	"encoding/base64"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// setupErrBytes caps the stderr quoted in a setup failure.
const setupErrBytes = 4096

// resolveFiles reads every file value once: a data: URL decoded, an existing
// source file's content, or the literal value.
func resolveFiles(files map[string]string, baseDir string) (map[string][]byte, error) {
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
	if setup == "" {
		return nil
	}
	res, err := s.Exec(ctx, ExecRequest{Command: []string{"sh", "-c", setup}})
	if err != nil {
		return fmt.Errorf("sandbox: setup in %s: %w", s.label(), err)
	}
	if res.ExitCode != 0 {
		return fmt.Errorf("sandbox: setup failed in %s (exit %d): %s", s.label(), res.ExitCode, lastBytes(res.Stderr, setupErrBytes))
	}
	return nil
}

// label names the sandbox in messages.
func (s *Sandbox) label() string {
	if s.name == "" {
		return "the shared sandbox"
	}
	return "the sandbox of " + s.name
}

// lastBytes returns the end of s, at most n bytes, trimmed.
func lastBytes(s string, n int) string {
	s = strings.TrimSpace(s)
	if len(s) > n {
		s = "…" + s[len(s)-n:]
	}
	return s
}
