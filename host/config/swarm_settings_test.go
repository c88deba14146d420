package config

import (
	"strings"
	"testing"
)

// TestSwarmSettings decodes contain_member_errors and the preamble template,
// and refuses an unknown placeholder with a diagnostic at the attribute.
func TestSwarmSettings(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		attrs       string
		wantContain bool
		wantText    string
		wantErr     string
	}{
		"defaults":              {},
		"contain member errors": {attrs: `contain_member_errors = true`, wantContain: true},
		"a template": {attrs: `preamble = "You are {member} of {size}.\n{channels}"`,
			wantText: "You are {member} of {size}.\n{channels}"},
		"an unknown placeholder": {attrs: `preamble = "You are {name}."`, wantErr: "Unknown preamble placeholder {name}"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			src := strings.Replace(minimalSuite, `member "scripted" {}`, "member \"scripted\" {}\n  "+tc.attrs, 1)
			p, diags := parseSrc(t, src, nil)
			if diags.HasErrors() {
				t.Fatalf("parse: %s", summaries(diags))
			}
			s, diags := p.Decode(newFakeSource())
			if tc.wantErr != "" {
				if !strings.Contains(summaries(diags), tc.wantErr) {
					t.Fatalf("diagnostics %q, want %q", summaries(diags), tc.wantErr)
				}
				if d := diags[0]; d.Subject == nil || d.Subject.Start.Line != 9 {
					t.Fatalf("diagnostic at %v, want line 9 of the suite", d.Subject)
				}
				return
			}
			if diags.HasErrors() {
				t.Fatalf("decode: %s", summaries(diags))
			}
			sw := s.Swarms["s"]
			if sw.ContainMemberErrors != tc.wantContain || sw.Preamble != tc.wantText {
				t.Fatalf("got contain=%v preamble=%q", sw.ContainMemberErrors, sw.Preamble)
			}
		})
	}
}
