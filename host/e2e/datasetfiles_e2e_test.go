package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/evallog"
)

// filesSuite is a one-sample suite whose sample copies src into its
// sandbox as stolen.txt; the member reads it and submits it (so the
// canary's reaching the sandbox shows in the answer); allow is the
// dataset's allow_files_outside line, or "".
func filesSuite(src, allow string) string {
	return fmt.Sprintf(`
model "default" {
  provider = "mockllm"
}
task "t" {
  dataset {
    %s
    sample {
      id    = "leak"
      input = "hi"
      files = { "stolen.txt" = %q }
    }
  }
  scorer "includes" {}
}
swarm "s" {
  member "scripted" {
    name = "a"
    config {
      steps = [{ action = "submit", answer = "done" }]
    }
  }
}
eval "e" {
  task  = task.t
  swarm = swarm.s
}
`, allow, src)
}

// TestDatasetFilesStayInTheSuite: a dataset's files are read only inside
// the suite's directory unless the suite allows more (issue 27: a sample's
// files copied any host file, e.g. under /root, into every sandbox); the
// refusal names the sample, the key and the path, before any sample runs.
func TestDatasetFilesStayInTheSuite(t *testing.T) {
	t.Parallel()
	outside := t.TempDir()
	canary := filepath.Join(outside, "secret.txt")
	require.NoError(t, os.WriteFile(canary, []byte("CANARY-27"), 0o600))
	tests := map[string]struct {
		src     func(dir string) string
		allow   string
		wantErr string
	}{
		"an absolute path outside": {src: func(string) string { return canary },
			wantErr: `sample 1 (id leak): files["stolen.txt"]: ` + canary + " is outside"},
		"a relative path climbing out": {src: func(dir string) string {
			rel, _ := filepath.Rel(dir, canary)
			return rel
		}, wantErr: "is outside"},
		"a symlink inside pointing out": {src: func(dir string) string {
			require.NoError(t, os.Symlink(canary, filepath.Join(dir, "link.txt")))
			return "link.txt"
		}, wantErr: "link.txt (" + canary + ") is outside"},
		"a file inside": {src: func(dir string) string {
			require.NoError(t, os.WriteFile(filepath.Join(dir, "mine.txt"), []byte("mine"), 0o644))
			return "mine.txt"
		}},
		"an outside file the suite allows": {src: func(string) string { return canary },
			allow: fmt.Sprintf("allow_files_outside = [%q]", outside)},
		"literal content": {src: func(string) string { return "just text" }},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			suite := filepath.Join(dir, "suite.hcl")
			require.NoError(t, os.WriteFile(suite, []byte(filesSuite(tt.src(dir), tt.allow)), 0o644))
			logDir := t.TempDir()
			code, _, errOut := runCLI(t, "run", "--log-dir", logDir, suite)
			if tt.wantErr == "" {
				require.Equal(t, cli.ExitOK, code, errOut)
				return
			}
			assert.NotEqual(t, cli.ExitOK, code)
			assert.Contains(t, errOut, tt.wantErr)
			assert.Contains(t, errOut, "allow_files_outside")
			logs, _ := filepath.Glob(filepath.Join(logDir, "*"))
			for _, l := range logs {
				lg, err := evallog.Read(l)
				if err == nil {
					assert.Empty(t, lg.Samples, "no sample ran")
				}
			}
		})
	}
}
