package cli

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/swarmhost/swarmhost/host/eval"
	"github.com/swarmhost/swarmhost/host/internal/clitest"
)

func TestProgressLine(t *testing.T) {
	t.Parallel()
	p := eval.Progress{Eval: "team", Done: 3, Total: 12, Active: 2, Running: 7, Tokens: 1234,
		Elapsed: 1520 * time.Millisecond}
	assert.Equal(t, "team: 3/12 samples, 2 running (7 members), 1234 tokens, 1.5s", progressLine(p))
}

// TestDisplayModes: a terminal gets no per-sample lines (its status line
// is redrawn from the meter, and nothing is drawn before an eval starts);
// other stderr gets plain lines; --json gets nothing.
func TestDisplayModes(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		quiet, tty bool
		wantLines  bool
	}{
		"terminal":     {tty: true},
		"not terminal": {wantLines: true},
		"json":         {quiet: true},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var out clitest.SyncBuffer
			d := startDisplay(env{stdout: &clitest.SyncBuffer{}, stderr: &out}, tc.quiet, tc.tty)
			assert.Equal(t, tc.wantLines, d.progress() != nil)
			if f := d.progress(); f != nil {
				f(eval.Progress{Eval: "e", Done: 1, Total: 2})
			}
			d.finish()
			if tc.wantLines {
				assert.Equal(t, "e: 1/2 samples, 0 running (0 members), 0 tokens, 0s\n", out.String())
			} else {
				assert.Empty(t, out.String())
			}
		})
	}
}
