package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPluginBlockSandboxSettings(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		body     string
		want     PluginLimits
		readOnly []string
		diag     string
		setup    func(t *testing.T, dir string)
	}{
		"every limit": {
			body: `limits {
				memory = "512MiB"
				cpu_time = "1m30s"
				processes = 64
				open_files = 256
				file_size = "10MB"
			}`,
			want: PluginLimits{MemoryBytes: 512 << 20, CPUSeconds: 90, Processes: 64, OpenFiles: 256, FileBytes: 10e6},
		},
		"read_only is made absolute":       {body: `read_only = ["venv", "/opt/data"]`, readOnly: []string{"<dir>/venv", "/opt/data"}},
		"a read_only entry that is a link": {body: `read_only = ["vendor/venv"]`, setup: vendorLink, diag: "is a symbolic link to /etc"},
		"a read_only entry under a link":   {body: `read_only = ["vendor/venv/lib"]`, setup: vendorLink, diag: "vendor/venv is a symbolic link"},
		"an absolute read_only link":       {body: `read_only = ["<dir>/vendor/venv"]`, setup: vendorLink, diag: "is a symbolic link to /etc"},
		"a read_only entry with no link":   {body: `read_only = ["vendor"]`, setup: vendorLink, readOnly: []string{"<dir>/vendor"}},
		"size without a unit":              {body: `limits { memory = "512" }`, diag: "is not a size"},
		"memory too small to start":        {body: `limits { memory = "1MiB" }`, diag: "must be at least"},
		"cpu_time below a second":          {body: `limits { cpu_time = "10ms" }`, diag: "must be at least"},
		"unknown limit":                    {body: `limits { swap = "1GiB" }`, diag: "swap"},
		"two limits blocks":                {body: "limits {}\nlimits {}", diag: "Duplicate limits block"},
		"settings on a trusted plugin":     {body: "trust = \"trusted\"\nlimits { processes = 64 }", diag: "no effect"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if tt.setup != nil {
				tt.setup(t, dir)
			}
			path := filepath.Join(dir, "suite.hcl")
			body := strings.ReplaceAll(tt.body, "<dir>", dir)
			require.NoError(t, os.WriteFile(path, []byte("plugin \"agent\" \"x\" {\n"+body+"\n}\n"), 0o644))
			parsed, diags := Parse(path, nil)
			if tt.diag != "" {
				require.NotEmpty(t, diags)
				assert.Contains(t, diags.Error(), tt.diag)
				return
			}
			require.False(t, diags.HasErrors(), diags.Error())
			require.Len(t, parsed.Plugins, 1)
			assert.Equal(t, tt.want, parsed.Plugins[0].Limits)
			for i, p := range tt.readOnly {
				if rest, ok := strings.CutPrefix(p, "<dir>/"); ok {
					tt.readOnly[i] = filepath.Join(dir, rest)
				}
			}
			assert.Equal(t, tt.readOnly, parsed.Plugins[0].ReadOnly)
		})
	}
}

// vendorLink makes dir/vendor/venv a symbolic link to /etc, as a plugin's
// author could ship it.
func vendorLink(t *testing.T, dir string) {
	require.NoError(t, os.Mkdir(filepath.Join(dir, "vendor"), 0o755))
	require.NoError(t, os.Symlink("/etc", filepath.Join(dir, "vendor", "venv")))
}
