package config

import (
	"strings"
	"testing"
)

// TestFilesystemChannelWithMemberContainers: an explicit filesystem channel
// is refused where members have containers or pods of their own, whatever
// the provider, and accepted where they share the sample's.
func TestFilesystemChannelWithMemberContainers(t *testing.T) {
	tests := []struct {
		name, sandbox string
		refused       bool
	}{
		{"docker, per member", `sandbox "docker" {
    image      = "localhost/swarmhost-busybox:2"
    per_member = true
  }`, true},
		{"kubernetes, per member", `sandbox "kubernetes" {
    image      = "localhost/swarmhost-busybox:2"
    per_member = true
  }`, true},
		{"kubernetes, shared", `sandbox "kubernetes" {
    image = "localhost/swarmhost-busybox:2"
  }`, false},
		{"local, per member", `sandbox "local" {
    per_member = true
  }`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := `
task "t" {
  dataset {
    sample { input = "hi" }
  }
  ` + tt.sandbox + `
}
swarm "s" {
  member "scripted" {}
  channels = ["filesystem"]
}
eval "e" {
  task  = task.t
  swarm = swarm.s
}
`
			p, diags := parseSrc(t, src, nil)
			if !diags.HasErrors() {
				_, d := p.Decode(newFakeSource())
				diags = append(diags, d...)
			}
			got := strings.Contains(summaries(diags), "Filesystem channel with member containers")
			if got != tt.refused {
				t.Fatalf("refused = %v, want %v; diagnostics: %s", got, tt.refused, summaries(diags))
			}
		})
	}
}
