package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// visibleCompose is the sample's default sandbox, a member's own container (worker) and a shared
// service, db.
const visibleCompose = `
services:
  default:
    image: localhost/swarmhost-busybox:2
  worker:
    image: localhost/swarmhost-busybox:2
  db:
    image: localhost/swarmhost-busybox:2
`

// visibleSuite: the worker writes one file in db (its tools' sandbox argument) and one in its own
// container; the exec scorer, in db, passes when db has the first and not the second.
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
  sandbox "docker" {
    compose = "compose.yaml"
  }
  scorer "exec" {
    command = ["sh", "-c", "test \"$(cat from-$0.txt)\" = db && test ! -e own.txt"]
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
        { action = "exec", sandbox = "db", command = ["sh", "-c", "hostname > from-worker.txt"] },
        { action = "exec", command = ["sh", "-c", "hostname > own.txt"] },
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
// own container.
func TestVisibleSandboxesOnContainers(t *testing.T) {
	t.Parallel()
	needContainers(t, "localhost/swarmhost-busybox:2")
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "compose.yaml"), []byte(visibleCompose), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "suite.hcl"), []byte(visibleSuite), 0o644))
	sum := runJSONEvals(t, dir)["e"]
	samples := samplesByID(t, sum["log"].(string))
	s := samples["s1"]
	rec := readRecord(t, s)
	assert.Equal(t, map[string]string{"worker": "submitted"}, statuses(rec))
	require.NotNil(t, rec.Members[0].Sandbox)
	assert.Equal(t, "worker", *rec.Members[0].Sandbox, "the record names the member's own container")
	assert.Equal(t, "C", s.Scores["exec"].Value.Interface(), s.Scores["exec"].Explanation)
	assert.Zero(t, ownContainers(t), "the sample's containers were removed")
}
