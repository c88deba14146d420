package e2e

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/evallog"
)

// twoTaskSuite is a suite of two tasks, alpha and Beta, with the same
// samples a1, a2 and b1, each run by one scripted member.
const twoTaskSuite = `
model "default" {
  provider = "mockllm"
  outputs  = ["ok"]
}
task "alpha" {
  dataset {
    sample {
      id     = "a1"
      input  = "x"
      target = "ok"
    }
    sample {
      id     = "a2"
      input  = "x"
      target = "ok"
    }
    sample {
      id     = "b1"
      input  = "x"
      target = "ok"
    }
  }
  scorer "match" {}
}
task "Beta" {
  dataset {
    sample {
      id     = "a1"
      input  = "x"
      target = "ok"
    }
    sample {
      id     = "a2"
      input  = "x"
      target = "ok"
    }
    sample {
      id     = "b1"
      input  = "x"
      target = "ok"
    }
  }
  scorer "match" {}
}
swarm "one" {
  member "scripted" {
    name = "solo"
    config {
      steps = [{ action = "submit", answer = "ok" }]
    }
  }
}
eval "on_alpha" {
  task  = task.alpha
  swarm = swarm.one
}
eval "on_beta" {
  task  = task.Beta
  swarm = swarm.one
}
`

// TestSampleIDTaskSelectors runs a two-task suite with --sample-id
// task:id selectors, as Inspect takes them: a selector for its task only
// (name ignoring case, a pattern after the colon), plain ids for every
// task, each log's eval.config.sample_id the ids of its task. A selector
// naming no task, or a task left without ids, is a usage error.
func TestSampleIDTaskSelectors(t *testing.T) {
	t.Parallel()
	suite := filepath.Join(t.TempDir(), "suite.hcl")
	require.NoError(t, os.WriteFile(suite, []byte(twoTaskSuite), 0o644))
	sums := runJSONEvals(t, suite, "--sample-id", "ALPHA:a*, b1")
	want := map[string]struct{ ids, config []string }{
		"on_alpha": {[]string{"a1", "a2", "b1"}, []string{"a*", "b1"}},
		"on_beta":  {[]string{"b1"}, []string{"b1"}},
	}
	require.Len(t, sums, len(want))
	for name, w := range want {
		l, err := evallog.Read(sums[name]["log"].(string))
		require.NoError(t, err)
		var got []string
		for _, s := range l.Samples {
			got = append(got, s.ID.String())
		}
		assert.ElementsMatch(t, w.ids, got, name)
		assert.EqualValues(t, toAnys(w.config), l.Eval.Config.SampleID, "%s: eval.config.sample_id", name)
	}
	for bad, msg := range map[string]string{
		"gamma:a1,b1": `no task "gamma"`,
		"alpha:a1":    "no id for task Beta",
	} {
		code, _, errOut := runCLI(t, "run", suite, "--log-dir", t.TempDir(), "--sample-id", bad)
		assert.Equal(t, cli.ExitUsage, code, "%s: %s", bad, errOut)
		assert.Contains(t, errOut, msg, bad)
	}
	code, _, errOut := runCLI(t, "run", suite, "--log-dir", t.TempDir(), "--json", "--sample-id", "alpha:a1", "--eval", "on_alpha")
	assert.Equal(t, cli.ExitOK, code, "only alpha's eval runs: its selector suffices: %s", errOut)
}

// toAnys is ss as JSON decodes a list of strings.
func toAnys(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
