package sandbox

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/isolate"
	"github.com/swarmhost/swarmhost/host/isolate/isolatetest"
)

// hostScript writes an executable script outside any sandbox that leaves a
// canary file when it runs, and returns both paths.
func hostScript(t *testing.T) (script, canary string) {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.Chmod(dir, 0o755))
	canary = filepath.Join(dir, "ran")
	script = filepath.Join(dir, "evil.sh")
	require.NoError(t, os.WriteFile(script, []byte("#!/bin/sh\ntouch "+canary+"\necho ESCAPED\n"), 0o755))
	return script, canary
}

// TestProgramsOutsideTheViewAreRefused names a host program every way an
// agent might and checks, from outside (the canary file), that it never
// ran: refused before anything starts, for a member's sandbox and a
// scorer's view alike.
func TestProgramsOutsideTheViewAreRefused(t *testing.T) {
	t.Parallel()
	script, canary := hostScript(t)
	sb := newSandbox(t)
	require.NoError(t, os.Symlink(script, filepath.Join(sb.Dir, "link.sh")))
	require.NoError(t, os.Symlink(filepath.Dir(script), filepath.Join(sb.Dir, "linkdir")))
	rel, err := filepath.Rel(sb.Dir, script)
	require.NoError(t, err)
	tests := map[string]ExecRequest{
		"an absolute host path":      {Command: []string{script}},
		"dot-dot out of the sandbox": {Command: []string{rel}},
		"an absolute dot-dot path":   {Command: []string{filepath.Join(sb.Dir, rel)}},
		"a symlink to it":            {Command: []string{"./link.sh"}},
		"a symlinked directory":      {Command: []string{"linkdir/evil.sh"}},
		"/proc/self/root":            {Command: []string{"/proc/self/root" + script}},
		"/proc/self/cwd":             {Command: []string{"/proc/self/cwd/" + rel}},
		"a PATH naming its dir":      {Command: []string{"evil.sh"}, Env: []string{"PATH=" + filepath.Dir(script)}},
		"a tilde path":               {Command: []string{"~/../" + filepath.Base(script)}},
	}
	for name, req := range tests {
		for _, view := range []bool{false, true} {
			t.Run(name+map[bool]string{false: "", true: " (view)"}[view], func(t *testing.T) {
				exec := sb.Exec
				if view {
					exec = sb.View().Exec
				}
				res, err := exec(context.Background(), req)
				require.Error(t, err, "it ran: %+v", res)
				assert.NotContains(t, res.Stdout, "ESCAPED")
				assert.NoFileExists(t, canary)
			})
		}
	}
	assert.True(t, errors.Is(mustErr(sb.Exec(context.Background(), ExecRequest{Command: []string{script}})), ErrOutside))
}

// TestShellCannotReachHostPrograms runs the same names through a shell
// inside the sandbox, where the host does not see them: the sandbox's own
// root resolves them, and finds nothing.
func TestShellCannotReachHostPrograms(t *testing.T) {
	t.Parallel()
	isolatetest.RequireTier(t, isolate.TierNamespaces)
	script, canary := hostScript(t)
	sb := newSandbox(t)
	for name, line := range map[string]string{
		"absolute":        script,
		"/proc/self/root": "/proc/self/root" + script,
		"/proc/1/root":    "/proc/1/root" + script,
		"tilde":           "~/../../../../../.." + script,
		"cd and dot-dot":  "cd / && ." + script,
	} {
		t.Run(name, func(t *testing.T) {
			res, err := sb.Exec(context.Background(), ExecRequest{Command: []string{"sh", "-c", line}})
			require.NoError(t, err)
			assert.NotZero(t, res.ExitCode)
			assert.NotContains(t, res.Stdout, "ESCAPED")
			assert.NoFileExists(t, canary)
		})
	}
}

// TestProgramsInTheViewRun is the control: the sandbox's own programs
// and the system's run, by every form of name.
func TestProgramsInTheViewRun(t *testing.T) {
	t.Parallel()
	sb := newSandbox(t)
	require.NoError(t, os.MkdirAll(filepath.Join(sb.Dir, "bin"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(sb.Dir, "bin", "ok.sh"), []byte("#!/bin/sh\necho ok\n"), 0o755))
	require.NoError(t, os.Symlink("bin/ok.sh", filepath.Join(sb.Dir, "ok-link")))
	for name, cmd := range map[string][]string{
		"relative":              {"bin/ok.sh"},
		"dot-slash":             {"./bin/ok.sh"},
		"absolute in the dir":   {filepath.Join(sb.Dir, "bin", "ok.sh")},
		"a symlink inside":      {"./ok-link"},
		"dot-dot that stays in": {"bin/../bin/ok.sh"},
		"from PATH":             {"echo", "ok"},
		"a system path":         {"/bin/echo", "ok"},
	} {
		t.Run(name, func(t *testing.T) {
			res, err := sb.Exec(context.Background(), ExecRequest{Command: cmd})
			require.NoError(t, err)
			assert.Equal(t, "ok\n", res.Stdout, res.Stderr)
		})
	}
}

func mustErr(_ ExecResult, err error) error { return err }
