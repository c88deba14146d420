package config

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPluginBlockWorkers: a plugin block's workers and placement, and the
// errors for values out of range.
func TestPluginBlockWorkers(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		body      string
		workers   int
		placement string
		diag      string
	}{
		"absent keeps the default":   {body: ``},
		"workers set":                {body: `workers = 4`, workers: 4},
		"placement sample":           {body: "workers = 2\nplacement = \"sample\"", workers: 2, placement: PlacementSample},
		"placement member":           {body: `placement = "member"`, placement: PlacementMember},
		"zero workers":               {body: `workers = 0`, diag: "workers"},
		"too many workers":           {body: `workers = 1000`, diag: "at most 256"},
		"workers not a whole number": {body: `workers = 1.5`, diag: "workers"},
		"unknown placement":          {body: `placement = "node"`, diag: "placement"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "suite.hcl")
			require.NoError(t, os.WriteFile(path, []byte("plugin \"agent\" \"x\" {\n"+tt.body+"\n}\n"), 0o644))
			parsed, diags := Parse(path, nil)
			if tt.diag != "" {
				require.True(t, diags.HasErrors(), "want an error about %s", tt.diag)
				assert.Contains(t, diags.Error(), tt.diag)
				assert.Contains(t, diags.Error(), "suite.hcl:2", "the error points at the attribute")
				return
			}
			require.False(t, diags.HasErrors(), diags.Error())
			require.Len(t, parsed.Plugins, 1)
			assert.Equal(t, tt.workers, parsed.Plugins[0].Workers)
			assert.Equal(t, tt.placement, parsed.Plugins[0].Placement)
		})
	}
}
