package agenttools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"unicode/utf8"

	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/sdk/model"
)

var (
	readFileInfo = model.ToolInfo{Name: "read_file",
		Description: "Read the contents of a file. Returns the file contents with line numbers prepended. " +
			"Use offset and limit for pagination of large files.",
		Parameters: json.RawMessage(`{"type":"object","properties":{` +
			`"file_path":{"type":"string","description":"Path to the file to read."},` +
			`"offset":{"type":"integer","description":"Line number to start reading from (0-indexed)."},` +
			`"limit":{"type":"integer","description":"Maximum number of lines to read. Reads to end of file if not specified."}` +
			`},"required":["file_path"]}`)}
	writeFileInfo = model.ToolInfo{Name: "write_file",
		Description: "Write a text file, creating it (and its directories) or replacing its whole content.",
		Parameters: json.RawMessage(`{"type":"object","properties":{` +
			`"file_path":{"type":"string","description":"Path to the file to write."},` +
			`"content":{"type":"string","description":"The file's new content."}` +
			`},"required":["file_path","content"]}`)}
)

// readFile returns lines offset+1… (at most limit) as "N\tline", as
// Inspect's read_file tool. "path" is accepted for "file_path".
func (t *Set) readFile(ctx context.Context, args map[string]any) (string, *model.ToolError) {
	path, ok := stringArg(args, "file_path", "path")
	if !ok || path == "" {
		return "", parsing("read_file needs a file_path (a string)")
	}
	b, err := t.sb.ReadFile(ctx, path)
	if err != nil {
		return "", fileError(path, err)
	}
	if !utf8.Valid(b) {
		return "", &model.ToolError{Type: "unicode_decode", Message: fmt.Sprintf("%s is not UTF-8 text", path)}
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(b) == 0 {
		lines = nil
	}
	offset, limit := wholeArg(args, "offset", 0), wholeArg(args, "limit", -1)
	var out strings.Builder
	for i := max(offset, 0); i < len(lines) && (limit < 0 || i < offset+limit); i++ {
		fmt.Fprintf(&out, "%d\t%s\n", i+1, lines[i])
	}
	return strings.TrimSuffix(out.String(), "\n"), nil
}

// writeFile creates or replaces a file. "path" is accepted for "file_path".
func (t *Set) writeFile(ctx context.Context, args map[string]any) (string, *model.ToolError) {
	path, ok := stringArg(args, "file_path", "path")
	if !ok || path == "" {
		return "", parsing("write_file needs a file_path (a string)")
	}
	content, ok := stringArg(args, "content")
	if !ok {
		return "", parsing("write_file needs content (a string)")
	}
	if err := t.sb.WriteFile(ctx, path, []byte(content)); err != nil {
		return "", fileError(path, err)
	}
	return fmt.Sprintf("Wrote %d bytes to %s.", len(content), path), nil
}

// fileError maps a sandbox file error to Inspect's tool error types.
func fileError(path string, err error) *model.ToolError {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &model.ToolError{Type: "file_not_found", Message: fmt.Sprintf("File '%s' was not found.", path)}
	case strings.Contains(err.Error(), "is a directory"):
		return &model.ToolError{Type: "is_a_directory", Message: fmt.Sprintf("Path is a directory, not a file: %s", path)}
	case errors.Is(err, fs.ErrPermission), errors.Is(err, sandbox.ErrOutside):
		return &model.ToolError{Type: "permission", Message: err.Error()}
	}
	return &model.ToolError{Type: "unknown", Message: err.Error()}
}

// wholeArg reads a whole-number argument; def when absent or not a number.
func wholeArg(args map[string]any, name string, def int) int {
	if f, ok := args[name].(float64); ok {
		return int(f)
	}
	return def
}
