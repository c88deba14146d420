package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/evallog"
)

// relayController is a Python controller that starts three members, then
// one more each time a member ends: the first member its roster shows
// pending. It sees the roster the SDK rebuilds from the host's changes, so
// a stale or wrong roster leaves members unstarted (or restarts running
// ones, which the runtime ignores).
const relayController = `#!/bin/sh
''''true; exec "%s" "$0" "$@" # '''
from swarmhost_plugin import Action, Controller, Metadata, Session, StartResponse, serve


class Relay(Controller):
    def metadata(self):
        return Metadata(name="relay", version="1.0.0")

    def start(self, req):
        return StartResponse(session=RelaySession(), actions=[Action.start(m.name) for m in req.roster[:3]],
                             final_mode="last")


class RelaySession(Session):
    def event(self, req):
        if req.event.kind != "member_ended":
            return []
        for m in req.roster:
            if m.state == "pending":
                return [Action.start(m.name)]
        return []


serve(Relay())
`

// TestPythonControllerFollowsRosterChanges runs twelve members under the
// relay: every member must have run and submitted.
func TestPythonControllerFollowsRosterChanges(t *testing.T) {
	t.Parallel()
	python := venvPython(t)
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "plugins"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "plugins", "swarmhost-controller-relay"), []byte(fmt.Sprintf(relayController, python)), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "samples.jsonl"), []byte(`{"id": "s1", "input": "q", "target": "42"}`+"\n"), 0o644))
	// Trusted: Python plugins cannot run untrusted yet (see README).
	suite := `plugin "controller" "relay" {
  source = "./plugins/swarmhost-controller-relay"
  trust  = "trusted"
}
model "default" {
  provider = "mockllm"
}
task "one" {
  dataset {
    file = "samples.jsonl"
  }
  scorer "match" {}
}
swarm "relay" {
  member "scripted" {
    name  = "m"
    count = 12
    config {
      steps = [{ action = "generate" }, { action = "submit", answer = "42" }]
    }
  }
  controller "relay" {}
}
eval "relay" {
  task  = task.one
  swarm = swarm.relay
}
`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "suite.hcl"), []byte(suite), 0o644))
	code, sum, errOut := runJSON(t, dir)
	require.Equal(t, cli.ExitOK, code, errOut)
	l, err := evallog.Read(sum["log"].(string))
	require.NoError(t, err)
	require.Len(t, l.Samples, 1)
	want := map[string]string{}
	for i := 1; i <= 12; i++ {
		want[fmt.Sprintf("m-%d", i)] = "submitted"
	}
	assert.Equal(t, want, statuses(readRecord(t, l.Samples[0])))
}
