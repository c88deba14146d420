package plugins

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestUntrustedPythonMessageSaysWhatTheLineRan: an untrusted Python plugin
// that cannot import a module is told what its first line ran in the
// sandbox, with or without a read_only environment, and, for a #! line
// naming an interpreter by its path, the line to write instead.
func TestUntrustedPythonMessageSaysWhatTheLineRan(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	venv := filepath.Join(dir, "venv")
	writeExec(t, filepath.Join(venv, "bin", "python"), "#!/bin/sh\n")
	tail := []string{"ModuleNotFoundError: No module named 'swarmhost_plugin'"}
	tests := map[string]struct {
		head     string
		readOnly []string
		want     []string
		not      []string
	}{
		"env python3 with the venv listed": {head: "#!/usr/bin/env python3\n", readOnly: []string{venv},
			want: []string{`its line "#!/usr/bin/env python3" ran python3 from the sandbox's PATH, which starts with the ` +
				`read_only environment's ` + filepath.Join(venv, "bin"), "Install it into " + venv},
			not: []string{"make the first line"}},
		"env python3 with nothing listed": {head: "#!/usr/bin/env python3\n",
			want: []string{`ran python3 from the sandbox's PATH, /usr/local/bin:/usr/bin:/bin: the system's, as no ` +
				`read_only entry is a Python environment`, "List the environment that has it in read_only"}},
		"an absolute interpreter": {head: "#!/usr/bin/python3\n", readOnly: []string{venv},
			want: []string{`its line "#!/usr/bin/python3" ran /usr/bin/python3, named by its absolute path, whatever ` +
				`read_only lists`, "make the first line `#!/usr/bin/env python3`, which runs that environment's python3"}},
		"the SDK's launcher line": {head: "#!/bin/sh\n''''true; exec \"${SWARMHOST_PYTHON:-python3}\" \"$0\" # '''\n",
			readOnly: []string{venv},
			want:     []string{"its launcher line ran " + filepath.Join(venv, "bin", "python") + ", the read_only environment's"},
			not:      []string{"make the first line"}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "swarmhost-scorer-p")
			require.NoError(t, os.WriteFile(path, []byte(tc.head+"import swarmhost_plugin\n"), 0o755))
			msg := untrustedPythonProblem(Binary{Kind: "scorer", Name: "p", Path: path, Trust: Untrusted,
				ReadOnly: tc.readOnly}, tail)
			for _, w := range tc.want {
				assert.Contains(t, msg, w)
			}
			for _, n := range tc.not {
				assert.NotContains(t, msg, n)
			}
			assert.Contains(t, msg, `cannot be imported`)
		})
	}
}
