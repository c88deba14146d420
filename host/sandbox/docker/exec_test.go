package docker

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/host/sandbox/engine/enginetest"
)

func TestDockerExec(t *testing.T) {
	t.Parallel()
	d := newDocker(t, Config{})
	sb := enginetest.Sample(t, d, sandbox.SampleSpec{ID: "exec", Epoch: 1, Members: []string{"m"}}).For("m")
	tests := map[string]struct {
		req                    sandbox.ExecRequest
		wantCode               int
		wantStdout, wantStderr string
	}{
		"stdout and stderr apart": {
			req:        sandbox.ExecRequest{Command: []string{"sh", "-c", "echo out; echo err >&2; exit 3"}},
			wantCode:   3,
			wantStdout: "out\n", wantStderr: "err\n",
		},
		"stdin": {
			req:        sandbox.ExecRequest{Command: []string{"cat"}, Input: "line one\nline two"},
			wantStdout: "line one\nline two",
		},
		"env and working dir": {
			req:        sandbox.ExecRequest{Command: []string{"sh", "-c", `echo "$X $PWD"`}, Env: []string{"X=1"}},
			wantStdout: "1 /workspace\n",
		},
		"killed by a signal": {
			req:      sandbox.ExecRequest{Command: []string{"sh", "-c", "kill -TERM $$"}},
			wantCode: 143,
			// The wrapper shell reports the signal, as an interactive shell would.
			wantStderr: "Terminated\n",
		},
		"no network": {
			req:        sandbox.ExecRequest{Command: []string{"ls", "/sys/class/net"}},
			wantStdout: "lo\n",
		},
		"missing program": {
			req:        sandbox.ExecRequest{Command: []string{"no-such-program"}},
			wantCode:   127,
			wantStderr: "swarmhost-exec: line 0: no-such-program: not found\n",
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			res, err := sb.Exec(t.Context(), tc.req)
			require.NoError(t, err)
			assert.Equal(t, tc.wantCode, res.ExitCode)
			assert.Equal(t, tc.wantStdout, res.Stdout)
			assert.Equal(t, tc.wantStderr, res.Stderr)
			assert.False(t, res.TimedOut)
		})
	}
}

// TestDockerExecLeavesNothingRunning: background processes end with the
// call, and a timeout ends the command and what it started.
func TestDockerExecLeavesNothingRunning(t *testing.T) {
	t.Parallel()
	d := newDocker(t, Config{})
	sb := enginetest.Sample(t, d, sandbox.SampleSpec{ID: "bg", Epoch: 1}).For("")
	res, err := sb.Exec(t.Context(), sandbox.ExecRequest{Command: []string{"sh", "-c", "sleep 301 & (sleep 302 &); echo started"}})
	require.NoError(t, err)
	assert.Equal(t, "started\n", res.Stdout)
	res, err = sb.Exec(t.Context(), sandbox.ExecRequest{Command: []string{"sh", "-c", "sleep 303 & sleep 304"},
		Timeout: 200 * time.Millisecond})
	require.NoError(t, err)
	assert.True(t, res.TimedOut)
	ps, err := sb.Exec(t.Context(), sandbox.ExecRequest{Command: []string{"ps", "-o", "stat,args"}})
	require.NoError(t, err)
	for _, line := range strings.Split(ps.Stdout, "\n") {
		if strings.Contains(line, "sleep 30") {
			assert.True(t, strings.HasPrefix(line, "Z"), "still running: %s", line)
		}
	}
	assert.NotContains(t, ps.Stdout, "sleep 30", "init reaps what was killed")
}

func TestDockerExecOutputCap(t *testing.T) {
	t.Parallel()
	d := newDocker(t, Config{})
	sb := enginetest.Sample(t, d, sandbox.SampleSpec{ID: "cap", Epoch: 1}).For("")
	res, err := sb.Exec(t.Context(), sandbox.ExecRequest{Command: []string{"sh", "-c",
		"head -c 11534336 /dev/zero | tr '\\0' x; echo; echo end"}})
	require.NoError(t, err)
	assert.LessOrEqual(t, len(res.Stdout), sandbox.MaxOutput+200)
	assert.True(t, strings.HasPrefix(res.Stdout, "[output truncated: the first "), res.Stdout[:80])
	assert.True(t, strings.HasSuffix(res.Stdout, "x\nend\n"))
}

// TestDockerExecUnreadInput: the output of a command that leaves its stdin
// unread is kept (podman drops it unless the input is drained).
func TestDockerExecUnreadInput(t *testing.T) {
	t.Parallel()
	d := newDocker(t, Config{})
	sb := enginetest.Sample(t, d, sandbox.SampleSpec{ID: "unread", Epoch: 1, Files: map[string]string{"f.txt": "data"}}).For("")
	for i := range 5 {
		res, err := sb.Exec(t.Context(), sandbox.ExecRequest{Command: []string{"cat", "f.txt"}, Input: strings.Repeat("x", 100000)})
		require.NoError(t, err)
		assert.Equal(t, "data", res.Stdout, "run %d", i)
	}
}
