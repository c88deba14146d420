package config

import (
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTextWriter: the subject's column is in the header and carets mark
// its range under the snippet (tabs kept, so they line up); colour codes
// appear only when asked for.
func TestTextWriter(t *testing.T) {
	t.Parallel()
	src := "model \"m\" {\n\tprovider = \"mockllm\"\n}\n"
	files := map[string]*hcl.File{"s.hcl": {Bytes: []byte(src)}}
	subject := hcl.Range{Filename: "s.hcl", Start: hcl.Pos{Line: 2, Column: 13, Byte: 24}, End: hcl.Pos{Line: 2, Column: 22, Byte: 33}}
	diags := hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "Bad provider", Detail: "Pick another.", Subject: &subject}}
	tests := map[string]struct {
		color    bool
		contains []string
	}{
		"plain": {contains: []string{
			"Error: Bad provider\n\n  on s.hcl line 2, column 13:\n   2: \tprovider = \"mockllm\"\n      \t           ^^^^^^^^^\n\nPick another.\n\n"}},
		"colour": {color: true, contains: []string{"\x1b[31mError\x1b[0m: Bad provider", "line 2, column 13",
			"\x1b[1;4m\"mockllm\"\x1b[0m", "\x1b[1;31m^^^^^^^^^\x1b[0m"}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var b strings.Builder
			require.NoError(t, NewTextWriter(&b, files, tt.color).WriteDiagnostics(diags))
			for _, s := range tt.contains {
				assert.Contains(t, b.String(), s)
			}
			if !tt.color {
				assert.NotContains(t, b.String(), "\x1b")
			}
		})
	}
}
