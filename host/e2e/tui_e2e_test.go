package e2e

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/creack/pty"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/internal/clitest"
)

// TestLiveViewUnderATerminal runs the real binary under a pseudo-terminal:
// the run shows the full-screen live view (on the alternate screen, left
// at the end) with the eval's progress bar and numbers, then the results
// table; --json on the same terminal shows no view at all.
func TestLiveViewUnderATerminal(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bin := builtHost(t)
	run := func(args ...string) string {
		cmd := exec.Command(bin, append([]string{"run", repoPath("examples", "quickstart"), "--log-dir", dir,
			"--limit", "2"}, args...)...)
		cmd.Env = append(os.Environ(), "SWARMHOST_PLUGIN_PATH="+clitest.PluginDir, "TERM=xterm-256color")
		tty, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 40, Cols: 120})
		require.NoError(t, err)
		var out bytes.Buffer
		_, _ = io.Copy(&out, tty) // until the process closes the terminal (EIO)
		require.NoError(t, cmd.Wait(), out.String())
		_ = tty.Close()
		return out.String()
	}
	raw := run()
	assert.Contains(t, raw, "\x1b[?1049h", "the view enters the alternate screen")
	assert.Contains(t, raw, "\x1b[?1049l", "and leaves it")
	text := clitest.ANSI.ReplaceAllString(raw, "")
	for _, want := range []string{"swarmhost · team_on_arith", "█", "samples", "members running", "metric",
		"match accuracy", "tokens", "model connections", "retries", "elapsed"} {
		assert.Contains(t, text, want)
	}
	assert.Regexp(t, `2/2`, text, "the bar reaches the end")
	after := text[strings.LastIndex(text, "elapsed"):]
	assert.Contains(t, after, "EVAL", "the results table follows the view")

	quiet := run("--json")
	assert.NotContains(t, quiet, "\x1b[?1049h", "no view with --json")
	assert.Contains(t, quiet, `"status":"success"`)
}
