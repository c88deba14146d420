package plugins

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestPythonProblem(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	venvPython := filepath.Join(dir, ".venv", "bin", "python")
	writeExec(t, venvPython, "#!/bin/sh\nexit 1\n") // imports nothing
	launcher := "#!/bin/sh\n''''true; py=\"${SWARMHOST_PYTHON:-$(dirname \"$0\")/.venv/bin/python}\"; exec \"$py\" \"$0\" \"$@\" # '''\n"
	traceback := []string{"Traceback (most recent call last):", `  File "/x/swarmhost-scorer-p", line 3, in <module>`,
		"ModuleNotFoundError: No module named 'swarmhost_plugin'"}
	tests := map[string]struct {
		head     string
		tail     []string
		errText  string
		contains []string
	}{
		"missing module, absolute interpreter": {head: "#!/opt/py/bin/python3 -S\n", tail: traceback, contains: []string{
			"Python plugin", "/opt/py/bin/python3", `cannot import module "swarmhost_plugin"`,
			"/opt/py/bin/python3 -m pip install ./sdk/python"}},
		"missing module, launcher picks the venv": {head: launcher, tail: traceback, contains: []string{
			venvPython + " -m pip install ./sdk/python"}},
		"missing submodule maps to its pip package": {head: "#!/opt/py/bin/python3\n",
			tail:     []string{"ModuleNotFoundError: No module named 'google.protobuf'"},
			contains: []string{`cannot import module "google.protobuf"`, "pip install protobuf"}},
		"the SDK's own line names the interpreter": {head: "#!/bin/sh\n", tail: []string{
			"[ERROR] Python plugin swarmhost-scorer-p cannot import module 'numpy' (ModuleNotFoundError: No module " +
				"named 'numpy') with interpreter /srv/venv/bin/python; install it into that interpreter: ..."},
			contains: []string{"its interpreter, /srv/venv/bin/python,", "/srv/venv/bin/python -m pip install numpy"}},
		"stdout before the handshake": {head: "#!/opt/py/bin/python3\n",
			errText: "Unrecognized remote plugin message: loading model\nThis usually means...",
			contains: []string{`printed "loading model" on stdout`, "Python plugin run by /opt/py/bin/python3",
				"import swarmhost_plugin before anything that prints"}},
		"not python: no opinion":     {head: "#!/bin/sh\necho hi\n", tail: traceback},
		"python but another problem": {head: "#!/opt/py/bin/python3\n", tail: []string{"RuntimeError: boom"}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(dir, "swarmhost-scorer-"+filepath.Base(t.Name()))
			writeExec(t, path, tt.head)
			got := pythonProblem(Binary{Kind: "scorer", Name: "p", Path: path}, tt.tail, tt.errText)
			if len(tt.contains) == 0 {
				assert.Empty(t, got)
			}
			for _, s := range tt.contains {
				assert.Contains(t, got, s)
			}
		})
	}
}

func writeExec(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o755); err != nil {
		t.Fatal(err)
	}
}
