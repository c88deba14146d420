package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ownSuite is a one-sample suite the tests below resume.
const ownSuite = `
model "default" {
  provider = "mockllm"
}
task "t" {
  dataset {
    sample {
      input = "hi"
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
`

// editMetadata rewrites a JSON log's eval.metadata with edit.
func editMetadata(t *testing.T, log string, edit func(md map[string]any)) {
	t.Helper()
	raw, err := os.ReadFile(log)
	require.NoError(t, err)
	var doc map[string]any
	require.NoError(t, json.Unmarshal(raw, &doc))
	edit(doc["eval"].(map[string]any)["metadata"].(map[string]any))
	raw, err = json.Marshal(doc)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(log, raw, 0o644))
}

// TestResumeFromElsewhere: `--resume LOG` runs the suite a log names
// unasked only when it is the user's own (issue 27: a log from elsewhere
// ran the suite it named, with trusted plugins): one outside the working
// directory that changed since, or that the log records no digest of, or
// an Inspect task from another directory, is shown (suite, plugins and
// their trust) and refused unless SUITE or --yes is given.
func TestResumeFromElsewhere(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		edit    func(t *testing.T, suite, log string)
		extra   func(suite string) []string
		refused string
	}{
		"the user's own suite, unchanged": {},
		"a suite changed since the log": {
			edit: func(t *testing.T, suite, _ string) {
				require.NoError(t, os.WriteFile(suite, []byte(ownSuite+"\n# planted\n"), 0o644))
			},
			refused: "is not the suite the log was written with",
		},
		"a log that records no digest": {
			edit: func(t *testing.T, _, log string) {
				editMetadata(t, log, func(md map[string]any) { delete(md, metaSuiteDigest) })
			},
			refused: "the log records no digest of it",
		},
		"an Inspect task from elsewhere": {
			edit: func(t *testing.T, _, log string) {
				editMetadata(t, log, func(md map[string]any) {
					md[metaInspect] = map[string]any{"spec": "evil.py@task", "swarm": "s", "base_dir": t.TempDir()}
				})
			},
			refused: "its Inspect task evil.py@task runs from",
		},
		"a changed suite, with --yes": {
			edit: func(t *testing.T, suite, _ string) {
				require.NoError(t, os.WriteFile(suite, []byte(ownSuite+"\n# planted\n"), 0o644))
			},
			extra: func(string) []string { return []string{"--yes"} },
		},
		"a changed suite, named": {
			edit: func(t *testing.T, suite, _ string) {
				require.NoError(t, os.WriteFile(suite, []byte(ownSuite+"\n# planted\n"), 0o644))
			},
			extra: func(suite string) []string { return []string{suite} },
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir() // outside the working directory (host/cli)
			suite := filepath.Join(dir, "suite.hcl")
			require.NoError(t, os.WriteFile(suite, []byte(ownSuite), 0o644))
			logDir := t.TempDir()
			code, _, errOut := runCLI(t, "run", "--log-format", "json", "--log-dir", logDir, suite)
			require.Equal(t, ExitOK, code, errOut)
			logs, err := filepath.Glob(filepath.Join(logDir, "*.json"))
			require.NoError(t, err)
			require.Len(t, logs, 1)
			if tt.edit != nil {
				tt.edit(t, suite, logs[0])
			}
			args := []string{"run", "--resume", logs[0], "--log-dir", logDir}
			if tt.extra != nil {
				args = append(args, tt.extra(suite)...)
			}
			code, out, errOut := runCLI(t, args...)
			if tt.refused == "" {
				assert.NotContains(t, errOut, "was not written from your own suite", out)
				return
			}
			assert.Equal(t, ExitUsage, code, out)
			assert.Contains(t, errOut, tt.refused)
			assert.Contains(t, errOut, "was not written from your own suite")
			assert.Contains(t, errOut, "suite: "+suite, "the plan names the suite")
			assert.Regexp(t, `agent scripted: \S+swarmhost-agent-scripted, (trusted|untrusted)`, errOut, "and each plugin with its trust")
			assert.NotContains(t, errOut, "nothing to resume", "nothing was run")
		})
	}
}
