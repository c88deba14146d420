package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// visibleCompose is the sample's default sandbox, a member's own container (worker) and a shared
// service, db.
const visibleCompose = `
services:
  default:
    image: IMAGE
  worker:
    image: IMAGE
  db:
    image: IMAGE
`

// visibleSuite (SANDBOX: the task's sandbox block): the worker writes one file in db (its tools'
// sandbox argument) and one in its own container; the exec scorer, in db, passes when db has the
// first and not the second.
const visibleSuite = `
model "default" {
  provider = "mockllm"
  outputs  = ["ok"]
}
task "t" {
  dataset {
    sample {
      id    = "s1"
      input = "go"
    }
  }
  SANDBOX
  scorer "exec" {
    command = ["sh", "-c", "test -e from-$0.txt && test ! -e own.txt"]
    sandbox = "db"
  }
}
swarm "s" {
  member "scripted" {
    name              = "worker"
    sandbox           = "{member}"
    tools             = ["exec"]
    visible_sandboxes = ["db"]
    config {
      steps = [
        { action = "exec", sandbox = "db", command = ["sh", "-c", "echo db > from-worker.txt"] },
        { action = "exec", command = ["sh", "-c", "echo own > own.txt"] },
        { action = "submit", answer = "done" },
      ]
    }
  }
}
eval "e" {
  task  = task.t
  swarm = swarm.s
}
`

// TestVisibleSandboxesOnContainers: a member's visible_sandboxes reach a compose service by name
// through the eval's wiring (the tools' sandbox argument), and its calls without one stay in its
// own container — on docker and on kubernetes.
func TestVisibleSandboxesOnContainers(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		image, block string
		need         func(t *testing.T)
	}{
		"docker": {"localhost/swarmhost-busybox:2", "sandbox \"docker\" {\n    compose = \"compose.yaml\"\n  }",
			func(t *testing.T) { needContainers(t, "localhost/swarmhost-busybox:2") }},
		"kubernetes": {"swarmhost.local/busybox:1",
			"sandbox \"kubernetes\" {\n    compose     = \"compose.yaml\"\n    pull_policy = \"Never\"\n  }",
			func(t *testing.T) { needClusterCLI(t) }},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			tc.need(t)
			dir := t.TempDir()
			compose := strings.ReplaceAll(visibleCompose, "IMAGE", tc.image)
			require.NoError(t, os.WriteFile(filepath.Join(dir, "compose.yaml"), []byte(compose), 0o644))
			suite := strings.Replace(visibleSuite, "SANDBOX", tc.block, 1)
			require.NoError(t, os.WriteFile(filepath.Join(dir, "suite.hcl"), []byte(suite), 0o644))
			sum := runJSONEvals(t, dir)["e"]
			s := samplesByID(t, sum["log"].(string))["s1"]
			rec := readRecord(t, s)
			assert.Equal(t, map[string]string{"worker": "submitted"}, statuses(rec))
			require.NotNil(t, rec.Members[0].Sandbox)
			assert.Equal(t, "worker", *rec.Members[0].Sandbox, "the record names the member's own container")
			assert.Equal(t, "C", s.Scores["exec"].Value.Interface(), s.Scores["exec"].Explanation)
			if name == "docker" {
				assert.Zero(t, ownContainers(t), "the sample's containers were removed")
			}
		})
	}
}
