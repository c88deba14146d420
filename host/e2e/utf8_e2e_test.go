package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
)

// TestInvalidUTF8DatasetIsADiagnostic: a dataset file with a byte that is
// not UTF-8 — CSV, JSON or JSONL — fails validate and run with a
// diagnostic naming the file, the line and the byte offset; nothing runs.
func TestInvalidUTF8DatasetIsADiagnostic(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"data.csv":   "input,target\n42,42\ncaf\xe9,42\n",
		"data.json":  "[\n{\"input\": \"a\", \"target\": \"42\"},\n{\"input\": \"caf\xe9\", \"target\": \"42\"}\n]\n",
		"data.jsonl": "{\"input\": \"a\", \"target\": \"42\"}\n{\"input\": \"b\", \"target\": \"42\"}\n{\"input\": \"caf\xe9\", \"target\": \"42\"}\n",
	}
	for file, data := range files {
		for _, cmd := range []string{"validate", "run"} {
			t.Run(cmd+" "+file, func(t *testing.T) {
				t.Parallel()
				suite := strings.Replace(deadlineSuite(`scorer "match" {}`, ""), `dataset {
    sample {
      id     = "a"
      input  = "What is 6 times 7?"
      target = "42"
    }
  }`, `dataset { file = "`+file+`" }`, 1)
				path := hostileSuite(t, suite)
				require.Contains(t, suite, file)
				require.NoError(t, os.WriteFile(filepath.Join(filepath.Dir(path), file), []byte(data), 0o644))
				args := []string{cmd, path}
				if cmd == "run" {
					args = append(args, "--log-dir", t.TempDir())
				}
				code, out, errOut := runCLI(t, args...)
				assert.Equal(t, cli.ExitUsage, code, out+errOut)
				assert.Contains(t, errOut, file)
				assert.Contains(t, errOut, "line 3")
				assert.Contains(t, errOut, "invalid UTF-8 at byte offset")
				assert.NotContains(t, out+errOut, "grpc")
			})
		}
	}
}
