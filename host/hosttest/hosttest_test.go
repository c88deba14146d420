package hosttest_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/hosttest"
	"github.com/swarmhost/swarmhost/sdk"
	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/schema"
)

func TestMain(m *testing.M) {
	hosttest.Main(m, sdk.Plugins{Controllers: []controller.Controller{relay{},
		mender{name: "mender", handles: true}, mender{name: "stubborn"}}})
}

// relay starts `width` members (default 1), then one more each time a
// member ends; it rejects a width below 1.
type relay struct{}

func (relay) Metadata(_ context.Context, _ controller.MetadataRequest, resp *controller.MetadataResponse) {
	resp.Name, resp.Version = "relay", "1.0.0"
	resp.Schema = schema.Schema{Attributes: []schema.Attribute{{Name: "width", Type: "number", Default: 1}}}
}

func (relay) ValidateConfig(_ context.Context, req controller.ValidateConfigRequest, resp *controller.ValidateConfigResponse) {
	var cfg struct{ Width int }
	if err := req.Config.Decode(&cfg); err != nil || cfg.Width < 1 {
		resp.Diagnostics.AddError("Invalid width", "width must be at least 1.", "width")
	}
}

func (relay) Start(_ context.Context, req controller.StartRequest, resp *controller.StartResponse) (controller.Session, error) {
	var cfg struct{ Width int }
	if err := req.Config.Decode(&cfg); err != nil {
		return nil, err
	}
	s := &relaySession{}
	for _, m := range req.Roster[:min(cfg.Width, len(req.Roster))] {
		resp.Actions = append(resp.Actions, controller.Start(m.Name, ""))
		s.started++
	}
	resp.FinalMode = controller.FinalLast
	return s, nil
}

type relaySession struct{ started int }

func (s *relaySession) Event(_ context.Context, req controller.EventRequest, resp *controller.EventResponse) error {
	if req.Event.Kind != controller.EventMemberEnded || s.started == len(req.Roster) {
		return nil
	}
	resp.Actions = []controller.Action{controller.Start(req.Roster[s.started].Name, "")}
	s.started++
	return nil
}

const samples = `{"id": "s1", "input": "q", "target": "42"}` + "\n"

func suite(controllerBody string) string {
	return fmt.Sprintf(`model "default" {
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
    count = 4
    config {
      steps = [{ action = "submit", answer = "42" }]
    }
  }
  controller "relay" {
%s
  }
}
eval "relay" {
  task  = task.one
  swarm = swarm.relay
}
`, controllerBody)
}

func TestASuiteRunsThePluginThroughTheHost(t *testing.T) {
	t.Parallel()
	tests := map[string]struct{ body string }{
		"the default width": {body: ""},
		"two at a time":     {body: "    width = 2"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			res := hosttest.Run(t, hosttest.Case{Plugin: hosttest.Controller("relay"), Suite: suite(tc.body),
				Files: map[string]string{"samples.jsonl": samples}})
			require.Equal(t, cli.ExitOK, res.Code, res.Stderr)
			recs := res.Records(t)
			require.Len(t, recs, 1)
			for _, m := range recs[0].Members {
				require.NotNil(t, m.Status, m.Name)
				assert.Equal(t, "submitted", *m.Status, "%s ran: the relay started every member in turn", m.Name)
			}
		})
	}
}

func TestTheHostValidatesThePluginsConfig(t *testing.T) {
	t.Parallel()
	res := hosttest.Run(t, hosttest.Case{Plugin: hosttest.Controller("relay"), Suite: suite("    width = 0"),
		Files: map[string]string{"samples.jsonl": samples}})
	assert.Equal(t, cli.ExitUsage, res.Code)
	assert.Contains(t, res.Stderr, "Invalid width")
}
