package agenttools

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// testSandbox is a fresh member sandbox holding notes.txt.
func testSandbox(t *testing.T) *sandbox.Sandbox {
	t.Helper()
	ss, err := sandbox.NewLocal(t.TempDir()).WithLauncher(nil).SampleDirs(context.Background(),
		sandbox.SampleSpec{ID: "s", Epoch: 1, Members: []string{"m"}, Files: map[string]string{"notes.txt": "one\ntwo\nthree\n"}})
	require.NoError(t, err)
	t.Cleanup(func() { _ = ss.Close() })
	return ss.Dir("m")
}

func TestSandboxTools(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		tool    string
		args    map[string]any
		want    string
		wantErr *model.ToolError
	}{
		"bash stdout":            {tool: "bash", args: map[string]any{"command": "echo hi; pwd | grep -c ."}, want: "hi\n1\n"},
		"bash stderr first":      {tool: "bash", args: map[string]any{"command": "echo out; echo err >&2; exit 3"}, want: "err\n\nout\n"},
		"bash accepts cmd":       {tool: "bash", args: map[string]any{"cmd": "echo old"}, want: "old\n"},
		"bash needs a command":   {tool: "bash", args: map[string]any{}, wantErr: &model.ToolError{Type: "parsing", Message: "bash needs a command (a string)"}},
		"python":                 {tool: "python", args: map[string]any{"code": "print(6*7)"}, want: "42\n"},
		"python error":           {tool: "python", args: map[string]any{"code": "raise SystemExit('bad')"}, want: "bad\n\n"},
		"read whole file":        {tool: "read_file", args: map[string]any{"file_path": "notes.txt"}, want: "1\tone\n2\ttwo\n3\tthree"},
		"read a page":            {tool: "read_file", args: map[string]any{"file_path": "notes.txt", "offset": 1.0, "limit": 1.0}, want: "2\ttwo"},
		"read past the end":      {tool: "read_file", args: map[string]any{"path": "notes.txt", "offset": 5.0}, want: ""},
		"read missing":           {tool: "read_file", args: map[string]any{"file_path": "nope.txt"}, wantErr: &model.ToolError{Type: "file_not_found", Message: "File 'nope.txt' was not found."}},
		"read a directory":       {tool: "read_file", args: map[string]any{"file_path": "."}, wantErr: &model.ToolError{Type: "is_a_directory", Message: "Path is a directory, not a file: ."}},
		"read outside":           {tool: "read_file", args: map[string]any{"file_path": "../../etc/passwd"}},
		"write then it is there": {tool: "write_file", args: map[string]any{"file_path": "sub/a.txt", "content": "x"}, want: "Wrote 1 bytes to sub/a.txt."},
		"write needs content":    {tool: "write_file", args: map[string]any{"file_path": "a"}, wantErr: &model.ToolError{Type: "parsing", Message: "write_file needs content (a string)"}},
		"unknown tool":           {tool: "rm", args: map[string]any{}, wantErr: &model.ToolError{Type: "unknown", Message: "Tool rm not found."}},
		"not chosen":             {tool: "exec", args: map[string]any{"command": []any{"true"}}, wantErr: &model.ToolError{Type: "unknown", Message: "Tool exec not found."}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			tools := New(testSandbox(t), nil)
			got, terr := tools.Call(context.Background(), model.ToolCall{ID: "c", Function: tc.tool, Arguments: tc.args})
			if name == "read outside" {
				require.NotNil(t, terr)
				assert.Equal(t, "permission", terr.Type)
				return
			}
			assert.Equal(t, tc.wantErr, terr)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestWriteFileLandsInTheSandbox(t *testing.T) {
	t.Parallel()
	sb := testSandbox(t)
	_, terr := New(sb, nil).Call(context.Background(), model.ToolCall{Function: "write_file",
		Arguments: map[string]any{"path": "d/f.txt", "content": "hello"}})
	require.Nil(t, terr)
	b, err := os.ReadFile(filepath.Join(sb.Dir, "d", "f.txt"))
	require.NoError(t, err)
	assert.Equal(t, "hello", string(b))
}

func TestToolChoiceAndParseErrors(t *testing.T) {
	t.Parallel()
	sb := testSandbox(t)
	var names []string
	for _, ti := range New(sb, nil).List() {
		names = append(names, ti.Name)
	}
	assert.Equal(t, DefaultTools, names)
	assert.Empty(t, New(sb, []string{}).List(), "tools = [] offers none")
	only := New(sb, []string{"exec"})
	require.Len(t, only.List(), 1)
	out, terr := only.Call(context.Background(), model.ToolCall{Function: "exec", Arguments: map[string]any{"command": []any{"echo", "x"}}})
	assert.Nil(t, terr)
	assert.Equal(t, "x\n", out)
	_, terr = only.Call(context.Background(), model.ToolCall{Function: "exec", ParseError: "arguments are not a JSON object: {"})
	assert.Equal(t, &model.ToolError{Type: "parsing", Message: "arguments are not a JSON object: {"}, terr)

	assert.NoError(t, Check(nil))
	assert.NoError(t, Check([]string{"bash", "exec"}))
	assert.EqualError(t, Check([]string{"bash", "shell"}),
		`unknown tool "shell" in tools (available: bash, exec, python, read_file, write_file)`)
}

func TestBashTimeoutAndLongOutput(t *testing.T) {
	t.Parallel()
	tools := New(testSandbox(t), nil)
	out, terr := tools.Call(context.Background(), model.ToolCall{Function: "bash",
		Arguments: map[string]any{"command": fmt.Sprintf("head -c %d /dev/zero | tr '\\0' a; echo; echo END", 3*MaxToolOutput)}})
	require.Nil(t, terr)
	assert.True(t, strings.HasPrefix(out, "The output of your call to bash was too long to be displayed.\n"+
		"Here is a truncated version:\n<START_TOOL_OUTPUT>\naaaa"), out[:120])
	assert.True(t, strings.HasSuffix(out, "a\nEND\n\n<END_TOOL_OUTPUT>\n"))
	assert.Len(t, out, MaxToolOutput+len("The output of your call to bash was too long to be displayed.\n"+
		"Here is a truncated version:\n<START_TOOL_OUTPUT>\n\n<END_TOOL_OUTPUT>\n"))

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, terr = tools.Call(ctx, model.ToolCall{Function: "bash", Arguments: map[string]any{"command": "sleep 5"}})
	require.NotNil(t, terr, "a cancelled call is a tool error, not a hang")
}

func TestTruncateToolOutputKeepsWholeRunes(t *testing.T) {
	t.Parallel()
	out := truncateToolOutput("t", strings.Repeat("é", 20), 9)
	body := strings.TrimSuffix(strings.TrimPrefix(out, "The output of your call to t was too long to be displayed.\n"+
		"Here is a truncated version:\n<START_TOOL_OUTPUT>\n"), "\n<END_TOOL_OUTPUT>\n")
	assert.Equal(t, "éééé", body, "4 bytes of head and 5 of tail, cut to whole characters")
	assert.Equal(t, "short", truncateToolOutput("t", "short", 9))
}
