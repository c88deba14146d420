package e2e

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
)

// twoEvalSuite: eval "ok" uses working plugins; eval "broken" uses a
// scorer that crashes at start and an agent that exists nowhere.
const twoEvalSuite = `
model "default" { provider = "mockllm" }
task "t" {
  dataset {
    sample {
      id     = "a"
      input  = "What is 6 times 7?"
      target = "42"
    }
  }
  scorer "match" {}
}
task "crashing" {
  dataset {
    sample {
      id     = "a"
      input  = "What is 6 times 7?"
      target = "42"
    }
  }
  scorer "crashstart" {}
}
swarm "s" {
  member "scripted" {
    config { steps = [{ action = "submit", answer = "42" }] }
  }
}
swarm "absent" {
  member "nowhere" {}
}
eval "ok" {
  task  = task.t
  swarm = swarm.s
}
eval "broken" {
  task  = task.crashing
  swarm = swarm.absent
}
`

// TestEvalStartsOnlyItsPlugins: run --eval NAME starts only the plugins
// that eval uses, so a missing or crashing plugin of another eval does not
// stop it; without --eval the suite is refused for them.
func TestEvalStartsOnlyItsPlugins(t *testing.T) {
	t.Parallel()
	path := hostileSuite(t, twoEvalSuite, "scorer-crashstart")
	tests := map[string]struct {
		args    []string
		code    int
		missing []string // in stderr
		absent  []string // not in stderr
	}{
		"the chosen eval runs": {args: []string{"--eval", "ok"}, code: cli.ExitOK,
			absent: []string{"crashstart", "nowhere"}},
		"every eval: refused for the broken one": {code: cli.ExitUsage,
			missing: []string{"Error: Plugin exited during start-up", `Error: No agent plugin named "nowhere"`}},
		"the broken eval alone": {args: []string{"--eval", "broken"}, code: cli.ExitUsage,
			missing: []string{`No agent plugin named "nowhere"`}},
		"an unknown eval": {args: []string{"--eval", "brokne"}, code: cli.ExitUsage,
			missing: []string{`no eval named "brokne" in the suite (its evals: ok, broken). Did you mean "broken"?`}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			args := append([]string{"run", "--json", "--log-dir", filepath.Join(t.TempDir(), "logs"), path}, tc.args...)
			code, out, errOut := runCLI(t, args...)
			require.Equal(t, tc.code, code, "stdout: %s\nstderr: %s", out, errOut)
			for _, s := range tc.missing {
				assert.Contains(t, errOut, s)
			}
			for _, s := range tc.absent {
				assert.NotContains(t, errOut, s)
			}
			if tc.code == cli.ExitOK {
				assert.Contains(t, out, `"eval":"ok"`)
				assert.NotContains(t, out, `"eval":"broken"`)
			}
		})
	}
}
