package e2e

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/isolate"
	"github.com/swarmhost/swarmhost/host/isolate/isolatetest"
)

// TestMemberPluginDeathIsExplainedInTheLog: an agent plugin whose process
// dies during a member's run (it logs why and exits) errors
// that member, and the log says why — the process's exit and the last
// lines of its stderr — in the sample's error and in the member's
// member_result evidence, not only the broken connection.
func TestMemberPluginDeathIsExplainedInTheLog(t *testing.T) {
	t.Parallel()
	suite := hostileSuite(t, strings.Replace(deadlineSuite(`scorer "match" {}`, ""),
		`member "scripted" {
    config { steps = [{ action = "submit", answer = "42" }] }
  }`, `member "die" {}`, 1), "agent-die")
	code, sum, errOut := runJSON(t, suite)
	require.Equal(t, cli.ExitFailed, code, errOut)
	path := sum["log"].(string)
	l, err := evallog.Read(path)
	require.NoError(t, err)
	require.Len(t, l.Samples, 1)
	require.NotNil(t, l.Samples[0].Error, "the sample records the member's error")
	for _, want := range []string{`agent plugin "die"`, "exited unexpectedly", "fatal: the weights in /models/x are corrupt"} {
		assert.Contains(t, l.Samples[0].Error.Message, want)
	}
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	raw := decodeRawLog(t, bytes.ReplaceAll(data, []byte("NaN"), []byte("null")))
	var memberErr string
	for _, e := range raw.Samples[0].Events {
		if d, _ := e["data"].(map[string]any); d != nil && d["kind"] == "member_result" && d["member"] == "die" {
			memberErr, _ = d["error"].(string)
		}
	}
	assert.Contains(t, memberErr, "fatal: the weights in /models/x are corrupt", "the member's evidence says why")
}

// TestUntrustedPluginRunsAsNobodyWithoutStdin: an untrusted agent plugin
// started by a root host runs as nobody (uid and gid 65534) and its stdin
// holds nothing (docs/guides/untrusted-plugins.md).
func TestUntrustedPluginRunsAsNobodyWithoutStdin(t *testing.T) {
	t.Parallel()
	isolatetest.RequireTier(t, isolate.TierNamespaces)
	if os.Geteuid() != 0 {
		t.Skip("the sandbox user is nobody only when the host runs as root")
	}
	suite := hostileSuite(t, strings.Replace(deadlineSuite(`scorer "match" {}`, ""),
		`member "scripted" {
    config { steps = [{ action = "submit", answer = "42" }] }
  }`, `member "whoami" {}`, 1), "agent-whoami")
	_, sum, errOut := runJSON(t, suite)
	l, err := evallog.Read(sum["log"].(string))
	require.NoError(t, err, errOut)
	require.Len(t, l.Samples, 1)
	assert.Equal(t, `uid=65534 gid=65534 stdin=""`, l.Samples[0].Output.Completion, errOut)
}
