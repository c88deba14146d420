package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/plugins"
)

// hostileAgentSuite runs one member of the hostile agent kind on one sample
// whose input is n (the agent's byte count).
func hostileAgentSuite(agent string, n int) string {
	return fmt.Sprintf(`
model "default" { provider = "mockllm" }
task "t" {
  dataset {
    sample {
      id     = "a"
      input  = "%d"
      target = "done"
    }
  }
  scorer "match" {}
}
swarm "s" {
  member "%s" {}
}
eval "e" {
  task  = task.t
  swarm = swarm.s
}
`, n, agent)
}

// TestPluginStdoutFloodIsCapped: an agent writing 64 MiB to stdout costs
// the host at most its output caps on stderr (noted when cut), and the
// sample still finishes.
func TestPluginStdoutFloodIsCapped(t *testing.T) {
	t.Parallel()
	const flood = 64 << 20
	suite := hostileSuite(t, hostileAgentSuite("flood", flood), "agent-flood")
	code, sum, errOut := runJSON(t, suite)
	require.Equal(t, cli.ExitOK, code, errOut[:min(len(errOut), 4000)])
	assert.Less(t, len(errOut), 2*plugins.MaxOutputStream, "the host's stderr is bounded")
	assert.Contains(t, errOut, "plugin output cut: the plugin wrote more than")
	assert.Contains(t, errOut, "bytes in")
	assert.Contains(t, errOut, "lines of stdout were dropped")
	l, err := evallog.Read(sum["log"].(string))
	require.NoError(t, err)
	require.Len(t, l.Samples, 1)
	assert.Equal(t, "done", strings.TrimSpace(l.Samples[0].Output.Completion))
}

// TestOversizedHostCallsRefused: an agent's 60 MiB log call and 9 MiB
// prompt are refused at the host-service boundary with an error naming the
// limit (the agent reports it as its answer here); nothing of them reaches
// the host's stderr or the log.
func TestOversizedHostCallsRefused(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		agent string
		n     int
		want  string
	}{
		"a 60 MiB log call": {agent: "biglog", n: 60 << 20, want: "over its limit of 16 MiB on one host call"},
		"a 1 MiB log call":  {agent: "biglog", n: 1 << 20, want: "over the host's limit of 64 KiB on a log call"},
		"a 9 MiB prompt":    {agent: "bigprompt", n: 9 << 20, want: "over the host's limit of 8 MiB on a generate call (prompt)"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			suite := hostileSuite(t, hostileAgentSuite(tc.agent, tc.n), "agent-"+tc.agent)
			_, sum, errOut := runJSON(t, suite)
			assert.Less(t, len(errOut), 1<<20, "the host's stderr is bounded")
			l, err := evallog.Read(sum["log"].(string))
			require.NoError(t, err, errOut)
			require.Len(t, l.Samples, 1)
			assert.Contains(t, l.Samples[0].Output.Completion, "refused: ")
			assert.Contains(t, l.Samples[0].Output.Completion, tc.want)
		})
	}
}
