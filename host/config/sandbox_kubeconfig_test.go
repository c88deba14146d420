package config

import (
	"os"
	"path/filepath"
	"testing"
)

// TestKubeconfigPath: a kubernetes sandbox's kubeconfig may start with ~/ (the user's home, as the
// the Kubernetes guide's example writes it: no shell expands it in HCL); a relative path is from the suite's
// directory, an absolute one is kept.
func TestKubeconfigPath(t *testing.T) {
	home, err := os.UserHomeDir()
	if err != nil {
		t.Skipf("no home directory: %v", err)
	}
	tests := []struct {
		name, path string
		want       func(dir string) string
	}{
		{"home", "~/.kube/lab", func(string) string { return filepath.Join(home, ".kube", "lab") }},
		{"relative", "kube/config", func(dir string) string { return filepath.Join(dir, "kube", "config") }},
		{"absolute", "/etc/kube/config", func(string) string { return "/etc/kube/config" }},
		{"tilde in a name", "~lab/config", func(dir string) string { return filepath.Join(dir, "~lab", "config") }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := `
task "t" {
  dataset {
    sample { input = "hi" }
  }
  sandbox "kubernetes" {
    image      = "localhost/swarmhost-busybox:2"
    kubeconfig = "` + tt.path + `"
  }
}
swarm "s" {
  member "scripted" {}
}
eval "e" {
  task  = task.t
  swarm = swarm.s
}
`
			p, diags := parseSrc(t, src, nil)
			if diags.HasErrors() {
				t.Fatal(summaries(diags))
			}
			s, diags := p.Decode(newFakeSource())
			if diags.HasErrors() {
				t.Fatal(summaries(diags))
			}
			got := s.Tasks["t"].Sandbox.Kubernetes.Kubeconfig
			if want := tt.want(s.Dir); got != want {
				t.Fatalf("kubeconfig = %q, want %q", got, want)
			}
		})
	}
}
