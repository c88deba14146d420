package swarm

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/plugins"
	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/hostrpc/hostrpctest"
)

// seqPlugin is a controller that starts every member at once and
// records, in order, each event and refusal its session is handed;
// onEvent answers the events.
type seqPlugin struct {
	onEvent func(controller.Event) []controller.Action

	mu  sync.Mutex
	seq []string
}

func (p *seqPlugin) Metadata(_ context.Context, _ controller.MetadataRequest, resp *controller.MetadataResponse) {
	resp.Name, resp.Version = "seq", "1.0.0"
}

func (p *seqPlugin) Start(_ context.Context, req controller.StartRequest, resp *controller.StartResponse) (controller.Session, error) {
	for _, m := range req.Roster {
		resp.Actions = append(resp.Actions, controller.Start(m.Name, ""))
	}
	return p, nil
}

func (p *seqPlugin) Event(_ context.Context, req controller.EventRequest, resp *controller.EventResponse) error {
	p.note(string(req.Event.Kind) + " " + req.Event.Member)
	resp.Actions = p.onEvent(req.Event)
	return nil
}

func (p *seqPlugin) Refused(_ context.Context, req controller.RefusedRequest, _ *controller.EventResponse) error {
	p.note("refused " + req.Err.Action.Member)
	return nil
}

func (p *seqPlugin) note(s string) {
	p.mu.Lock()
	p.seq = append(p.seq, s)
	p.mu.Unlock()
}

func (p *seqPlugin) calls() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.seq...)
}

// oneByOne is a controller client without plugins.WithEvents: the runtime
// sends it one event per call, as to an older plugin.
type oneByOne struct {
	plugins.Controller
	controller.WithChoose
	controller.WithRefused
	plugins.WithEnd
	WithRosterHint
}

// countedEvents counts the Events calls of a client that has them.
type countedEvents struct {
	oneByOne
	b     plugins.WithEvents
	mu    sync.Mutex
	calls int
}

func (c *countedEvents) Events(ctx context.Context, req plugins.EventsRequest, answer func([]controller.Action) bool) (int, error) {
	c.mu.Lock()
	c.calls++
	c.mu.Unlock()
	return c.b.Events(ctx, req, answer)
}

// served serves p in-process through the SDK and returns the client with
// or without its Events, and a count of Events calls (batched only).
func served(t *testing.T, p *seqPlugin, batched bool) (plugins.Controller, func() int) {
	c := hostrpctest.Controller(t, p, "seq")
	o := oneByOne{c, c.(controller.WithChoose), c.(controller.WithRefused), c.(plugins.WithEnd), c.(WithRosterHint)}
	if !batched {
		return o, func() int { return 0 }
	}
	ce := &countedEvents{oneByOne: o, b: c.(plugins.WithEvents)}
	return ce, func() int {
		ce.mu.Lock()
		defer ce.mu.Unlock()
		return ce.calls
	}
}

// TestEventsBatchedAsOneByOne: whether the controller takes events several
// to a call or one per call, its session sees the same: every member's
// start in order, a refusal of the actions answering an event before the
// next event, and nothing after the event whose actions stop the swarm.
func TestEventsBatchedAsOneByOne(t *testing.T) {
	t.Parallel()
	started := func(names ...string) []string {
		var out []string
		for _, n := range names {
			out = append(out, string(controller.EventMemberStarted)+" "+n)
		}
		return out
	}
	tests := map[string]struct {
		onEvent func(controller.Event) []controller.Action
		want    []string
		// calls is how many Events calls it takes, batched.
		calls int
	}{
		"a stop at the second start": {
			onEvent: func(ev controller.Event) []controller.Action {
				if ev.Member == "b" {
					return []controller.Action{controller.Stop("enough")}
				}
				return nil
			},
			want: started("a", "b"), calls: 1},
		"a refusal at the second start": {
			onEvent: func(ev controller.Event) []controller.Action {
				switch {
				case ev.Kind != controller.EventMemberStarted:
				case ev.Member == "b":
					return []controller.Action{controller.Start("ghost", "")}
				case ev.Member == "d":
					return []controller.Action{controller.Stop("enough")}
				}
				return nil
			},
			want: append(append(started("a", "b"), "refused ghost"), started("c", "d")...), calls: 2},
	}
	for name, tc := range tests {
		for _, batched := range []bool{false, true} {
			t.Run(name+map[bool]string{false: ", one by one", true: ", batched"}[batched], func(t *testing.T) {
				t.Parallel()
				p := &seqPlugin{onEvent: tc.onEvent}
				ctrl, calls := served(t, p, batched)
				ag := newAgent(map[string][]step{"a": {block()}, "b": {block()}, "c": {block()}, "d": {block()}})
				res := run(t, context.Background(), Spec{Members: roster(ag, newMock(t, "m"), "a", "b", "c", "d"),
					Controller: ctrl, Grace: 30 * time.Millisecond}, Hooks{})
				require.NoError(t, res.Error)
				assert.Equal(t, tc.want, p.calls())
				assert.Equal(t, "controller:enough", res.StopReason)
				if batched {
					assert.Equal(t, tc.calls, calls(), "the starts queued at Start go in one call, up to the actions")
				}
			})
		}
	}
}
