package cli

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestHostLogLevel: --log-level takes Inspect's level names (any case)
// and hclog's "warn"; anything else is refused.
func TestHostLogLevel(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		in   string
		want string
		ok   bool
	}{
		"Inspect's default":  {"warning", "warn", true},
		"upper case":         {"WARNING", "warn", true},
		"hclog's warn":       {"warn", "warn", true},
		"debug":              {"debug", "debug", true},
		"trace":              {"trace", "trace", true},
		"http":               {"http", "debug", true},
		"info":               {"info", "info", true},
		"error":              {"error", "error", true},
		"critical":           {"critical", "error", true},
		"notset: everything": {"notset", "trace", true},
		"unknown":            {"loud", "", false},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, ok := hostLogLevel(tc.in)
			assert.Equal(t, tc.ok, ok)
			assert.Equal(t, tc.want, got)
		})
	}
}
