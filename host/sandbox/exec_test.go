package sandbox

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestExec(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		req        ExecRequest
		wantCode   int
		wantStdout string
		wantStderr string
	}{
		"stdout, stderr and exit code": {
			req:      ExecRequest{Command: []string{"sh", "-c", "echo out; echo err >&2; exit 7"}},
			wantCode: 7, wantStdout: "out\n", wantStderr: "err\n",
		},
		"stdin": {
			req:        ExecRequest{Command: []string{"cat"}, Input: "piped in"},
			wantStdout: "piped in",
		},
		"working dir is the sandbox": {
			req:        ExecRequest{Command: []string{"sh", "-c", `[ "$PWD" = "$HOME" ] && cat here.txt`}},
			wantStdout: "I am here",
		},
		"clean environment": {
			req:        ExecRequest{Command: []string{"env"}},
			wantStdout: "PATH=" + defaultPath + "\nHOME=<dir>\nLANG=C.UTF-8\n",
		},
		"env adds and overrides": {
			req:        ExecRequest{Command: []string{"env"}, Env: []string{"LANG=C", "X=1"}},
			wantStdout: "PATH=" + defaultPath + "\nHOME=<dir>\nLANG=C\nX=1\n",
		},
		"relative program": {
			req:        ExecRequest{Command: []string{"./run.sh", "arg"}},
			wantStdout: "ran arg\n",
		},
		"killed by a signal": {
			req:      ExecRequest{Command: []string{"sh", "-c", "kill -TERM $$"}},
			wantCode: 143,
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			sb := newSandbox(t)
			require.NoError(t, sb.WriteFile(t.Context(), "here.txt", []byte("I am here")))
			require.NoError(t, sb.WriteFile(t.Context(), "run.sh", []byte("#!/bin/sh\necho ran \"$1\"\n")))
			require.NoError(t, os.Chmod(filepath.Join(sb.Dir, "run.sh"), 0o755))
			res, err := sb.Exec(context.Background(), tc.req)
			require.NoError(t, err)
			assert.Equal(t, tc.wantCode, res.ExitCode)
			want := strings.ReplaceAll(tc.wantStdout, "<dir>", sb.Dir)
			if strings.HasPrefix(tc.wantStdout, "PATH=") {
				want += isolatedEnv()
				res.Stdout = tmpdirRE.ReplaceAllString(res.Stdout, "TMPDIR=<tmp>")
			}
			assert.Equal(t, want, res.Stdout)
			assert.Equal(t, tc.wantStderr, res.Stderr)
			assert.False(t, res.TimedOut)
		})
	}
}

func TestExecStartErrors(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		cmd  []string
		want string
	}{
		"empty command":     {cmd: nil, want: "empty command"},
		"unknown program":   {cmd: []string{"no-such-program-xyz"}, want: "not found in PATH"},
		"missing file path": {cmd: []string{"./missing"}, want: "no such file"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			_, err := newSandbox(t).Exec(context.Background(), ExecRequest{Command: tc.cmd})
			assert.ErrorContains(t, err, tc.want)
		})
	}
}

// tmpdirRE matches a Landlock-tier scratch directory in env output.
var tmpdirRE = regexp.MustCompile(`TMPDIR=/\S+/scratch-\S+`)

// background starts `sleep m` in the background, then does rest.
func background(m, rest string) []string {
	return []string{"sh", "-c", "sleep " + m + " & " + rest}
}

func TestExecKillsProcessGroup(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		cmd          func(m string) []string
		timeout      time.Duration
		cancelAfter  time.Duration
		wantTimedOut bool
		wantErr      error
		isolatedOnly bool // a plain process group cannot hold a setsid escapee
	}{
		"on timeout": {cmd: func(m string) []string { return background(m, "wait") },
			timeout: 300 * time.Millisecond, wantTimedOut: true},
		"on cancel": {cmd: func(m string) []string { return background(m, "wait") },
			cancelAfter: 300 * time.Millisecond, wantErr: context.Canceled},
		"on normal exit":           {cmd: func(m string) []string { return background(m, "echo done") }},
		"holding stdout, on exit":  {cmd: func(m string) []string { return background(m, "true") }},
		"detached output, on exit": {cmd: func(m string) []string { return background(m, "exec >/dev/null 2>&1; true") }},
		"escaped with setsid, on exit": {cmd: func(m string) []string {
			return []string{"sh", "-c", "setsid sleep " + m + " >/dev/null 2>&1 & sleep 0.2"}
		}, isolatedOnly: true},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if tc.isolatedOnly && launcher() == nil {
				t.Skip("needs the isolation launcher")
			}
			sb := newSandbox(t)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tc.cancelAfter > 0 {
				time.AfterFunc(tc.cancelAfter, cancel)
			}
			start, m := time.Now(), marker()
			res, err := sb.Exec(ctx, ExecRequest{Command: tc.cmd(m), Timeout: tc.timeout})
			assert.Less(t, time.Since(start), 30*time.Second, "returned without waiting for the background sleep")
			if tc.wantErr != nil {
				assert.ErrorIs(t, err, tc.wantErr)
			} else {
				assert.NoError(t, err)
			}
			assert.Equal(t, tc.wantTimedOut, res.TimedOut)
			requireNoSleeper(t, m)
		})
	}
}

func TestExecOutputCap(t *testing.T) {
	t.Parallel()
	sb := newSandbox(t)
	over := MaxOutput + 1000
	res, err := sb.Exec(context.Background(), ExecRequest{Command: []string{"sh", "-c",
		"head -c " + itoa(over) + " /dev/zero | tr '\\0' a; printf END; head -c 10 /dev/zero | tr '\\0' e >&2"}})
	require.NoError(t, err)
	note, body, ok := strings.Cut(res.Stdout, "\n")
	require.True(t, ok)
	assert.Equal(t, "[output truncated: the first 1003 of "+itoa(over+3)+" bytes were dropped]", note)
	assert.Len(t, body, MaxOutput)
	assert.True(t, strings.HasSuffix(body, "aEND"), "the end of the output is kept")
	assert.Equal(t, "eeeeeeeeee", res.Stderr, "each stream has its own cap")
}

func TestTailKeepsWholeCharacters(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		writes []string
		limit  int
		want   string
	}{
		"under the limit": {writes: []string{"ab", "cd"}, limit: 4, want: "abcd"},
		"cut at a rune":   {writes: []string{"xx", "éé"}, limit: 3, want: "[output truncated: the first 4 of 6 bytes were dropped]\né"},
		"many writes":     {writes: []string{"12345", "67890", "abc"}, limit: 4, want: "[output truncated: the first 9 of 13 bytes were dropped]\n0abc"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			tl := Tail{limit: tc.limit}
			for _, w := range tc.writes {
				_, _ = tl.Write([]byte(w))
			}
			assert.Equal(t, tc.want, tl.String())
		})
	}
}

func TestWatchWait(t *testing.T) {
	t.Parallel()
	cmd, cleanup, err := command(where{dir: t.TempDir()}, ExecRequest{Command: []string{"sh", "-c", "exit 4"}})
	require.NoError(t, err)
	defer cleanup()
	require.NoError(t, cmd.Start())
	exited, reap := watchWait(cmd)
	<-exited
	reap()
	assert.Equal(t, 4, exitCode(cmd.ProcessState))
}
