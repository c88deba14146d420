package config

import (
	"strings"
	"testing"
)

// TestScorerModel decodes the scorer block's `model` meta-argument: a
// reference to a model block, kept out of the plugin's config; a name the
// suite does not define is a diagnostic at the attribute.
func TestScorerModel(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		attr, want, wantErr string
	}{
		"none":            {},
		"a model block":   {attr: `model = model.grader`, want: "grader"},
		"no such model":   {attr: `model = model.nope`, wantErr: `No model named "nope"`},
		"not a reference": {attr: `model = "grader"`, wantErr: "Invalid reference"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			src := "model \"grader\" {\n  provider = \"mockllm\"\n}\n" + strings.Replace(minimalSuite,
				`sample { input = "hi" }
  }`, "sample { input = \"hi\" }\n  }\n  scorer \"match\" {\n    "+tc.attr+"\n  }", 1)
			p, diags := parseSrc(t, src, nil)
			if diags.HasErrors() {
				t.Fatalf("parse: %s", summaries(diags))
			}
			s, diags := p.Decode(newFakeSource())
			if tc.wantErr != "" {
				if !strings.Contains(summaries(diags), tc.wantErr) {
					t.Fatalf("diagnostics %q, want %q", summaries(diags), tc.wantErr)
				}
				if d := diags[0]; d.Subject == nil || d.Subject.Start.Line != 10 {
					t.Fatalf("diagnostic at %v, want line 10 of the suite", d.Subject)
				}
				return
			}
			if diags.HasErrors() {
				t.Fatalf("decode: %s", summaries(diags))
			}
			sc := s.Tasks["t"].Scorers[0]
			if sc.Model != tc.want || strings.Contains(string(sc.Config), "model") {
				t.Fatalf("model %q, config %s; want model %q, not in the config", sc.Model, sc.Config, tc.want)
			}
		})
	}
}
