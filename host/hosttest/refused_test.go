package hosttest_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/plugintest"
)

// mender starts a member on no roster ("ghost"). With handles set its
// sessions handle the refusal: they start the roster's first member
// instead, and choose its submission with the refusal's text as the
// reason, so the record shows what the plugin process was told.
type mender struct {
	name    string
	handles bool
}

func (m mender) Metadata(_ context.Context, _ controller.MetadataRequest, resp *controller.MetadataResponse) {
	resp.Name, resp.Version = m.name, "1.0.0"
}

func (m mender) Start(_ context.Context, _ controller.StartRequest, resp *controller.StartResponse) (controller.Session, error) {
	resp.Actions = []controller.Action{controller.Start("ghost", "")}
	if m.handles {
		return &menderHandler{}, nil
	}
	return &menderSession{}, nil
}

// menderSession chooses a submitted member, with the refusal it was told.
type menderSession struct{ told string }

func (s *menderSession) Event(_ context.Context, req controller.EventRequest, resp *controller.EventResponse) error {
	if req.Event.Kind == controller.EventMemberEnded && req.Event.Status == controller.StatusSubmitted {
		resp.Actions = []controller.Action{controller.ChooseAnswer(req.Event.Member, s.told)}
	}
	return nil
}

// menderHandler is a menderSession that handles refusals.
type menderHandler struct{ menderSession }

func (s *menderHandler) Refused(_ context.Context, req controller.RefusedRequest, resp *controller.EventResponse) error {
	if !errors.Is(req.Err, controller.ErrUnknownMember) {
		return req.Err
	}
	s.told = req.Err.Error()
	resp.Actions = []controller.Action{controller.Start(req.Roster[0].Name, "")}
	return nil
}

func menderSuite(name string) string {
	return fmt.Sprintf(`model "default" {
  provider = "mockllm"
}
task "one" {
  dataset {
    file = "samples.jsonl"
  }
  scorer "match" {}
}
swarm "mended" {
  member "scripted" {
    name  = "m"
    count = 2
    config {
      steps = [{ action = "submit", answer = "42" }]
    }
  }
  controller %q {}
}
eval "mended" {
  task  = task.one
  swarm = swarm.mended
}
`, name)
}

// TestARefusedStartReachesThePluginProcess: a controller plugin process
// that starts a member on no roster is told so (rpc Refused), with the
// host's text, and its run goes on with the start it answers; one that
// does not handle refusals fails the sample with the same text.
func TestARefusedStartReachesThePluginProcess(t *testing.T) {
	t.Parallel()
	const told = `started "ghost": no member has this name; the members are m-1, m-2`
	t.Run("handled", func(t *testing.T) {
		t.Parallel()
		res := plugintest.Run(t, plugintest.Suite{HCL: menderSuite("mender"), Files: map[string]string{"samples.jsonl": samples}})
		res.RequireOK(t)
		s := res.Samples(t)
		require.Len(t, s, 1)
		rec := s[0].Record
		require.NotNil(t, rec.Final.Reason)
		assert.Equal(t, told, *rec.Final.Reason, "the plugin chose with the refusal it was told")
		assert.Equal(t, "submitted", *rec.Members[0].Status)
		assert.Equal(t, "pending", rec.Members[1].State)
	})
	t.Run("not handled", func(t *testing.T) {
		t.Parallel()
		res := plugintest.Run(t, plugintest.Suite{HCL: menderSuite("stubborn"), Files: map[string]string{"samples.jsonl": samples}})
		require.Equal(t, plugintest.ExitFailed, res.Code, res.Stderr)
		s := res.Samples(t)
		require.Len(t, s, 1)
		assert.Contains(t, s[0].Error, "controller start: "+told, "the refusal ends the sample in error")
	})
}
