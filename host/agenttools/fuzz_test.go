package agenttools

import (
	"encoding/json"
	"testing"
)

// FuzzToolArgs feeds arbitrary JSON arguments to the argument parsing of
// the sandbox tools (string and whole-number arguments):
// it must accept or refuse them, never panic.
func FuzzToolArgs(f *testing.F) {
	f.Add(`{"command": "ls -la"}`)
	f.Add(`{"cmd": "echo hi"}`)
	f.Add(`{"command": ["sh", "-c", "true"]}`)
	f.Add(`{"command": [1, null, {"a": 2}]}`)
	f.Add(`{"path": "a.txt", "offset": 3.5, "limit": -1}`)
	f.Add(`{"code": 12}`)
	f.Fuzz(func(t *testing.T, raw string) {
		var args map[string]any
		if json.Unmarshal([]byte(raw), &args) != nil {
			return
		}
		_, _ = stringArg(args, "command", "cmd")
		_ = wholeArg(args, "offset", 1)
		_ = wholeArg(args, "limit", 2000)
	})
}
