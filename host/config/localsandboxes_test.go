package config

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sandboxesSuite has one eval per kind of task sandbox.
const sandboxesSuite = `
model "default" { provider = "mockllm" }
task "none" {
  dataset {
    sample {
      input  = "1+1?"
      target = "2"
    }
  }
}
task "local" {
  dataset { file = "data.jsonl" }
  sandbox "local" {}
}
task "docker" {
  dataset { file = "data.jsonl" }
  sandbox "docker" { image = "alpine" }
}
task "pods" {
  dataset { file = "data.jsonl" }
  sandbox "kubernetes" { image = "alpine" }
}
swarm "s" {
  member "scripted" {}
}
eval "none" {
  task  = task.none
  swarm = swarm.s
}
eval "local" {
  task  = task.local
  swarm = swarm.s
}
eval "docker" {
  task  = task.docker
  swarm = swarm.s
}
eval "pods" {
  task  = task.pods
  swarm = swarm.s
}
`

func TestLocalSandboxes(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		evals []string
		want  bool
	}{
		"a task without a sandbox block runs locally": {evals: []string{"none"}, want: true},
		"sandbox local":                    {evals: []string{"local"}, want: true},
		"sandbox docker":                   {evals: []string{"docker"}},
		"sandbox kubernetes":               {evals: []string{"pods"}},
		"engines only":                     {evals: []string{"docker", "pods"}},
		"one local task among engine ones": {evals: []string{"docker", "local"}, want: true},
		"every eval, one of them local":    {want: true},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p, diags := parseSrc(t, sandboxesSuite, nil)
			require.False(t, diags.HasErrors(), summaries(diags))
			require.NoError(t, p.Only(tt.evals))
			assert.Equal(t, tt.want, p.LocalSandboxes())
		})
	}
}
