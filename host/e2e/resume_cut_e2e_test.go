package e2e

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/evallog"
)

// TestResumeCutLog: `run --resume` continues a log whose end was cut off
// inside its last sample (a host killed during the append), wherever the
// cut falls: the cut sample runs again and the log ends complete.
func TestResumeCutLog(t *testing.T) {
	t.Parallel()
	code, sum, errOut := runJSON(t, repoPath("examples", "quickstart"), "--limit", "2", "--log-format", "json")
	require.Equal(t, cli.ExitOK, code, errOut)
	data := asStarted(t, sum["log"].(string))
	second := bytes.Index(data, []byte("\n    },\n    {")) + len("\n    },\n    ")
	end := bytes.Index(data, []byte("\n  ],\n  \"reductions\""))
	require.Greater(t, second, 100)
	require.Greater(t, end, second)
	cuts := map[string]int{
		"in the separator":            second - 3,
		"just inside the sample":      second + 1,
		"in the middle of the sample": (second + end) / 2,
		"before the sample's last }":  end - 1,
	}
	for name, at := range cuts {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), filepath.Base(sum["log"].(string)))
			require.NoError(t, os.WriteFile(path, data[:at], 0o644))
			_, err := evallog.Read(path)
			var ce *evallog.CutError
			require.ErrorAs(t, err, &ce, "the log is cut")
			code, _, logErr := runCLI(t, "log", path)
			assert.NotEqual(t, cli.ExitOK, code, "swarmhost log refuses a cut log")
			assert.Contains(t, logErr, "ends in the middle of a sample")
			assert.Contains(t, logErr, "swarmhost run --resume "+path+" repairs it", "and says how to continue")
			code, again, errOut := runJSON(t, "--resume", path)
			require.Equal(t, cli.ExitOK, code, errOut)
			assert.Equal(t, 1.0, again["resumed"], "the first sample is kept, the cut one runs again")
			assert.Equal(t, "success", again["status"])
			l, err := evallog.Read(path)
			require.NoError(t, err)
			assert.Len(t, l.Samples, 2)
			validateLogFile(t, path)
		})
	}
}

// TestResumeRefusalNeverSuggestsItself: a log --resume cannot read is
// refused with what is wrong, never with advice to run --resume.
func TestResumeRefusalNeverSuggestsItself(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "2026-01-01T00-00-00+00-00_x_y.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"version": 2, "status": "started", "eval": {`), 0o644))
	code, _, errOut := runCLI(t, "run", "--resume", path)
	assert.Equal(t, cli.ExitUsage, code, errOut)
	assert.Contains(t, errOut, path)
	assert.Contains(t, errOut, "unexpected end of JSON input")
	assert.NotContains(t, errOut, "repairs it", "no advice to run the command that just failed")
}
