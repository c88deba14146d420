package hosttest_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/hosttest"
	"github.com/swarmhost/swarmhost/sdk"
	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/plugintest"
	"github.com/swarmhost/swarmhost/sdk/schema"
)

func TestMain(m *testing.M) {
	hosttest.Main(m, sdk.Plugins{Controllers: []controller.Controller{relay{},
		mender{name: "mender", handles: true}, mender{name: "stubborn"}}}, "agent-scripted", "scorer-match")
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
			res := plugintest.Run(t, plugintest.Suite{HCL: suite(tc.body), Files: map[string]string{"samples.jsonl": samples}})
			res.RequireOK(t)
			samples := res.Samples(t)
			require.Len(t, samples, 1)
			for _, m := range samples[0].Record.Members {
				require.NotNil(t, m.Status, m.Name)
				assert.Equal(t, "submitted", *m.Status, "%s ran: the relay started every member in turn", m.Name)
			}
		})
	}
}

// TestTheHostValidatesThePluginsConfig: the plugin's own diagnostic comes
// back at the line of the test's HCL that sets the attribute.
func TestTheHostValidatesThePluginsConfig(t *testing.T) {
	t.Parallel()
	hcl := suite("    width = 0")
	res := plugintest.Run(t, plugintest.Suite{HCL: hcl, Files: map[string]string{"samples.jsonl": samples}})
	assert.Equal(t, plugintest.ExitUsage, res.Code)
	assert.Contains(t, res.Stderr, "Invalid width")
	require.Len(t, res.Diagnostics, 1, "%v", res.Diagnostics)
	d := res.Diagnostics[0]
	assert.Equal(t, "Invalid width", d.Summary)
	assert.Equal(t, "suite.hcl", d.File)
	assert.Equal(t, lineOf(t, hcl, "width = 0"), d.Line, "the diagnostic points at the suite's own line")
}

// lineOf is the 1-based line of the first line of text holding s.
func lineOf(t *testing.T, text, s string) int {
	t.Helper()
	for i, line := range strings.Split(text, "\n") {
		if strings.Contains(line, s) {
			return i + 1
		}
	}
	t.Fatalf("%q is not in the text", s)
	return 0
}
