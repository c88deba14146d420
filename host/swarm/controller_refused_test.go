package swarm

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/sdktest"
)

// refusalPlugin is a controller plugin served through the SDK's real gRPC
// server and client (sdktest.Controller), as the host sees a plugin
// process: Start answers start, its sessions answer Event with onEvent and
// Choose with choose, and (with handles set) Refused with onRefused,
// recording every refusal.
type refusalPlugin struct {
	start     []controller.Action
	answers   bool
	onEvent   func(controller.EventRequest) []controller.Action
	choose    string
	handles   bool
	onRefused func(controller.RefusedRequest) ([]controller.Action, error)

	mu       sync.Mutex
	refusals []controller.RefusedRequest
}

func (p *refusalPlugin) Metadata(_ context.Context, _ controller.MetadataRequest, resp *controller.MetadataResponse) {
	resp.Name, resp.Version = "refusals", "1.0.0"
}

func (p *refusalPlugin) Start(_ context.Context, _ controller.StartRequest, resp *controller.StartResponse) (controller.Session, error) {
	resp.Actions, resp.Answers = p.start, p.answers
	if p.handles {
		return &refusalHandler{refusalSession{p}}, nil
	}
	return &refusalSession{p}, nil
}

func (p *refusalPlugin) told() []controller.RefusedRequest {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]controller.RefusedRequest(nil), p.refusals...)
}

// refusalSession does not handle refusals.
type refusalSession struct{ p *refusalPlugin }

func (s *refusalSession) Event(_ context.Context, req controller.EventRequest, resp *controller.EventResponse) error {
	if s.p.onEvent != nil {
		resp.Actions = s.p.onEvent(req)
	}
	return nil
}

func (s *refusalSession) Choose(_ context.Context, req controller.ChooseRequest, resp *controller.ChooseResponse) error {
	if len(req.Submissions) > 0 {
		resp.Member = s.p.choose
	}
	return nil
}

// refusalHandler is a refusalSession that handles refusals.
type refusalHandler struct{ refusalSession }

func (s *refusalHandler) Refused(_ context.Context, req controller.RefusedRequest, resp *controller.EventResponse) (err error) {
	s.p.mu.Lock()
	s.p.refusals = append(s.p.refusals, req)
	s.p.mu.Unlock()
	resp.Actions, err = s.p.onRefused(req)
	return err
}

// TestControllerIsToldItsRefusals: through the real SDK, a session that
// handles refusals is told of a refused action at once (cause, text, the
// actions skipped after it), and the run goes on with its answer; one
// that does not, or that answers with an error or another refused
// action, ends the sample in error with the refusal's text.
func TestControllerIsToldItsRefusals(t *testing.T) {
	t.Parallel()
	goOn := func(req controller.RefusedRequest) ([]controller.Action, error) { return req.NotApplied, nil }
	ghostFirst := []controller.Action{controller.Start("ghost", ""), controller.Start("a", "")}
	cases := map[string]struct {
		plugin  *refusalPlugin
		cause   error
		wantErr string
		told    string
		// chosen is the reason of the controller's choice of "a".
		chosen string
	}{
		"an unknown start, not handled": {plugin: &refusalPlugin{start: ghostFirst}, cause: controller.ErrUnknownMember,
			wantErr: `controller start: started "ghost": no member has this name; the members are a, b`},
		"an unknown start, handled": {plugin: &refusalPlugin{start: ghostFirst, handles: true, onRefused: goOn},
			told: `started "ghost": no member has this name; the members are a, b`},
		"a second start, handled": {plugin: &refusalPlugin{start: []controller.Action{controller.Start("a", "")}, handles: true, onRefused: goOn,
			onEvent: func(req controller.EventRequest) []controller.Action {
				if req.Event.Kind == controller.EventMemberEnded {
					return []controller.Action{controller.Start("a", "again")}
				}
				return nil
			}},
			told: `started "a" again: the member has already started (state ended), and a member runs once`},
		"an unknown choice by Choose, not handled": {plugin: &refusalPlugin{start: []controller.Action{controller.Start("a", "")},
			answers: true, choose: "ghost"}, cause: controller.ErrUnknownMember,
			wantErr: `controller choose: chose "ghost": no member has this name; the members are a, b`},
		"an unknown choice by Choose, handled with the right one": {plugin: &refusalPlugin{start: []controller.Action{controller.Start("a", "")},
			answers: true, choose: "ghost", handles: true, onRefused: func(controller.RefusedRequest) ([]controller.Action, error) {
				return []controller.Action{controller.ChooseAnswer("a", "second thought")}, nil
			}},
			told: `chose "ghost": no member has this name; the members are a, b`, chosen: "second thought"},
		"Refused answers an error": {plugin: &refusalPlugin{start: ghostFirst, handles: true,
			onRefused: func(req controller.RefusedRequest) ([]controller.Action, error) { return nil, req.Err }},
			told:    `started "ghost": no member has this name; the members are a, b`,
			wantErr: `controller start: controller refusals refused: started "ghost": no member has this name; the members are a, b`},
		"Refused answers with another refused action": {plugin: &refusalPlugin{start: ghostFirst, handles: true,
			onRefused: func(controller.RefusedRequest) ([]controller.Action, error) {
				return []controller.Action{controller.Start("phantom", "")}, nil
			}},
			cause: controller.ErrUnknownMember, told: `started "ghost": no member has this name; the members are a, b`,
			wantErr: `controller start: started "phantom": no member has this name; the members are a, b`},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ag := newAgent(map[string][]step{"a": {answer("A")}, "b": {answer("B")}})
			res := run(t, context.Background(), Spec{Members: roster(ag, newMock(t, "m"), "a", "b"),
				Controller: sdktest.Controller(t, tc.plugin)}, Hooks{})
			if told := tc.plugin.told(); tc.told != "" {
				require.Len(t, told, 1, "the session is told once")
				assert.EqualError(t, told[0].Err, tc.told)
			} else {
				assert.Empty(t, told)
			}
			if tc.wantErr != "" {
				require.EqualError(t, res.Error, tc.wantErr)
				assert.True(t, res.Interrupted, "the refusal ends the sample")
				if tc.cause != nil {
					assert.True(t, errors.Is(res.Error, tc.cause), "the sample's error keeps the cause")
				}
				return
			}
			require.NoError(t, res.Error)
			assert.Equal(t, StatusSubmitted, *member(t, res.Record, "a").Status, "the run went on")
			assert.Equal(t, StatePending, member(t, res.Record, "b").State)
			if tc.chosen != "" {
				assert.Equal(t, Final{Mode: ptr("controller"), Member: ptr("a"), Reason: ptr(tc.chosen)}, res.Record.Final)
			}
		})
	}
}

// TestARefusalSkipsTheActionsAfterIt: the actions after a refused one are
// not applied, and reach Refused as NotApplied; an empty answer leaves
// them unapplied.
func TestARefusalSkipsTheActionsAfterIt(t *testing.T) {
	t.Parallel()
	p := &refusalPlugin{start: []controller.Action{controller.Start("a", ""), controller.Start("ghost", ""), controller.Start("b", "")},
		handles: true, onRefused: func(controller.RefusedRequest) ([]controller.Action, error) { return nil, nil }}
	ag := newAgent(map[string][]step{"a": {answer("A")}, "b": {answer("B")}})
	res := run(t, context.Background(), Spec{Members: roster(ag, newMock(t, "m"), "a", "b"), Controller: sdktest.Controller(t, p)}, Hooks{})
	require.NoError(t, res.Error)
	told := p.told()
	require.Len(t, told, 1)
	assert.Equal(t, []controller.Action{controller.Start("b", "")}, told[0].NotApplied)
	assert.Equal(t, StatePending, member(t, res.Record, "b").State, "b came after the refused start")
	r := told[0].Roster
	require.Len(t, r, 2)
	assert.NotEqual(t, controller.StatePending, r[0].State, "the roster at the refusal has a started")
	assert.Equal(t, controller.StatePending, r[1].State)
}
