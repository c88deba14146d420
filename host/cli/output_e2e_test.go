package cli

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
	require.Equal(t, ExitOK, code, errOut[:min(len(errOut), 4000)])
	assert.Less(t, len(errOut), 2*plugins.MaxOutputStream, "the host's stderr is bounded")
	assert.Contains(t, errOut, "plugin output cut: the plugin wrote more than")
	assert.Contains(t, errOut, "bytes in")
	assert.Contains(t, errOut, "lines of stdout were dropped")
	l, err := evallog.Read(sum["log"].(string))
	require.NoError(t, err)
	require.Len(t, l.Samples, 1)
	assert.Equal(t, "done", strings.TrimSpace(l.Samples[0].Output.Completion))
}
