package hostside

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"

	"github.com/swarmhost/swarmhost/sdk/controller"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/pluginside"
)

// seenController records the roster of every call it gets (a copy: the
// SDK reuses a request's roster for the session's next call). With scramble
// it then reverses the roster it was given, as a controller may.
type seenController struct {
	mu       sync.Mutex
	rosters  [][]controller.Member
	fail     bool
	scramble bool
}

func (c *seenController) Metadata(_ context.Context, _ controller.MetadataRequest, resp *controller.MetadataResponse) {
	resp.Name = "seen"
}

func (c *seenController) see(r []controller.Member) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.rosters = append(c.rosters, slices.Clone(r))
	if c.scramble {
		slices.Reverse(r)
	}
	if c.fail {
		return errors.New("controller failed")
	}
	return nil
}

// Start opens a session served by c itself.
func (c *seenController) Start(_ context.Context, req controller.StartRequest, _ *controller.StartResponse) (controller.Session, error) {
	return c, c.see(req.Roster)
}

func (c *seenController) Event(_ context.Context, req controller.EventRequest, _ *controller.EventResponse) error {
	return c.see(req.Roster)
}

func (c *seenController) Choose(_ context.Context, req controller.ChooseRequest, _ *controller.ChooseResponse) error {
	return c.see(req.Roster)
}

func (c *seenController) last() []controller.Member {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.rosters[len(c.rosters)-1]
}

// wireLog calls a controllerServer directly and records what each Event
// request carried.
type wireLog struct {
	pb.ControllerClient
	s     pb.ControllerServer
	mu    sync.Mutex
	sends []wireSend
}

type wireSend struct {
	changes bool
	members int
}

func (w *wireLog) Start(ctx context.Context, in *pb.ControllerStartRequest, _ ...grpc.CallOption) (*pb.ControllerStartResponse, error) {
	return w.s.Start(ctx, in)
}

func (w *wireLog) Event(ctx context.Context, in *pb.ControllerEventRequest, _ ...grpc.CallOption) (*pb.ControllerEventResponse, error) {
	w.mu.Lock()
	w.sends = append(w.sends, wireSend{changes: in.RosterChanges, members: len(in.Roster)})
	w.mu.Unlock()
	return w.s.Event(ctx, in)
}

func (w *wireLog) Choose(ctx context.Context, in *pb.ChooseRequest, _ ...grpc.CallOption) (*pb.ChooseResponse, error) {
	return w.s.Choose(ctx, in)
}

func (w *wireLog) End(ctx context.Context, in *pb.ControllerEndRequest, _ ...grpc.CallOption) (*pb.ControllerEndResponse, error) {
	return w.s.End(ctx, in)
}

func roster3(states ...string) []controller.Member {
	out := make([]controller.Member, len(states))
	for i, s := range states {
		out[i] = controller.Member{Name: []string{"a", "b", "c"}[i], Agent: "x", Index: i + 1, State: controller.MemberState(s)}
	}
	return out
}

func TestRosterChanges(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		// before runs between Start and the checked Event.
		before func(s pb.ControllerServer)
		roster []controller.Member
		// hint, when set, is the host's roster hint before the Event.
		hint []int
		// stale: the hint left out a change, so the controller misses it.
		stale bool
		fail  bool
		// lost: the call fails with ErrSessionLost.
		lost bool
		want []wireSend
	}{
		"a change the hint does not name is not looked for": {
			roster: roster3("running", "running", "pending"),
			hint:   []int{1},
			stale:  true,
			want:   []wireSend{{changes: true, members: 1}},
		},
		"a hinted entry that did not change is not sent": {
			roster: roster3("pending", "running", "pending"),
			hint:   []int{1, 2},
			want:   []wireSend{{changes: true, members: 1}},
		},
		"a hint naming an entry twice sends it once": {
			roster: roster3("pending", "running", "pending"),
			hint:   []int{1, 1},
			want:   []wireSend{{changes: true, members: 1}},
		},
		"an empty hint sends no member": {
			roster: roster3("pending", "pending", "pending"),
			hint:   []int{},
			want:   []wireSend{{changes: true, members: 0}},
		},
		"a hint out of range is ignored": {
			roster: roster3("running", "running", "pending"),
			hint:   []int{1, 7},
			want:   []wireSend{{changes: true, members: 2}},
		},
		"only the changed member is sent": {
			roster: roster3("running", "pending", "pending"),
			want:   []wireSend{{changes: true, members: 1}},
		},
		"nothing changed sends no member": {
			roster: roster3("pending", "pending", "pending"),
			want:   []wireSend{{changes: true, members: 0}},
		},
		"a session the plugin lost fails by its code, not retried": {
			before: func(s pb.ControllerServer) {
				_, _ = s.End(context.Background(), &pb.ControllerEndRequest{Session: "s1"})
			},
			roster: roster3("running", "ended", "pending"),
			lost:   true,
			want:   []wireSend{{changes: true, members: 2}},
		},
		"a roster of another shape is sent whole": {
			roster: roster3("running", "pending"),
			want:   []wireSend{{changes: false, members: 2}},
		},
		"a failed call is not retried": {
			roster: roster3("running", "pending", "pending"),
			fail:   true,
			want:   []wireSend{{changes: true, members: 1}},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			impl := &seenController{}
			srv := pluginside.NewControllerServer([]controller.Controller{impl})
			wl := &wireLog{s: srv}
			rc := &remoteController{c: wl, name: "seen", rosters: newRosterSync()}
			require.NoError(t, rc.Start(ctx, controller.StartRequest{Session: "s1", Roster: roster3("pending", "pending", "pending")},
				&controller.StartResponse{}))
			if tc.before != nil {
				tc.before(srv)
			}
			impl.fail = tc.fail
			if tc.hint != nil {
				rc.RosterChanged("s1", tc.hint)
			}
			err := rc.Event(ctx, controller.EventRequest{Session: "s1", Roster: tc.roster}, &controller.EventResponse{})
			assert.Equal(t, tc.want, wl.sends, "what went over the wire")
			if tc.lost {
				require.ErrorIs(t, err, ErrSessionLost)
				return
			}
			if tc.fail {
				require.Error(t, err)
				impl.fail = false
				require.NoError(t, rc.Event(ctx, controller.EventRequest{Session: "s1", Roster: tc.roster}, &controller.EventResponse{}))
				assert.Equal(t, wireSend{changes: false, members: 3}, wl.sends[len(wl.sends)-1], "after a failure the whole roster goes")
				return
			}
			require.NoError(t, err)
			if !tc.stale {
				assert.Equal(t, tc.roster, impl.last(), "the controller sees the whole roster")
			}
		})
	}
}

// TestRosterChangesAcrossASession follows a session through the real gRPC
// layer: every call's controller sees the roster the host passed.
func TestRosterChangesAcrossASession(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	impl := &seenController{}
	c := InProcess(t, Plugins{Controllers: []controller.Controller{impl}}).Controller("seen")
	steps := [][]controller.Member{
		roster3("running", "running", "pending"),
		roster3("ended", "running", "running"),
		roster3("ended", "ended", "running"),
	}
	require.NoError(t, c.Start(ctx, controller.StartRequest{Session: "s", Roster: roster3("pending", "pending", "pending")},
		&controller.StartResponse{}))
	for _, r := range steps {
		require.NoError(t, c.Event(ctx, controller.EventRequest{Session: "s", Roster: r}, &controller.EventResponse{}))
		assert.Equal(t, r, impl.last())
	}
	final := roster3("ended", "ended", "ended")
	require.NoError(t, c.(controller.WithChoose).Choose(ctx, controller.ChooseRequest{Session: "s", Roster: final}, &controller.ChooseResponse{}))
	assert.Equal(t, final, impl.last())
	require.NoError(t, c.(WithEnd).End(ctx, "s"))
}

// TestRosterHintsAcrossASession: a host that names the changed entries, and a
// controller that reorders the roster it is given, still leave every call's
// controller with the roster the host passed.
func TestRosterHintsAcrossASession(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	impl := &seenController{scramble: true}
	c := InProcess(t, Plugins{Controllers: []controller.Controller{impl}}).Controller("seen")
	hinted := c.(rosterHinter)
	steps := []struct {
		roster  []controller.Member
		changed []int
	}{
		{roster3("running", "running", "pending"), []int{0, 1}},
		{roster3("running", "running", "pending"), nil},
		{roster3("ended", "running", "running"), []int{2, 0}},
		{roster3("ended", "ended", "running"), []int{1}},
	}
	require.NoError(t, c.Start(ctx, controller.StartRequest{Session: "s", Roster: roster3("pending", "pending", "pending")},
		&controller.StartResponse{}))
	for i, st := range steps {
		hinted.RosterChanged("s", st.changed)
		require.NoError(t, c.Event(ctx, controller.EventRequest{Session: "s", Roster: st.roster}, &controller.EventResponse{}))
		assert.Equal(t, st.roster, impl.last(), "step %d", i)
	}
	require.NoError(t, c.(WithEnd).End(ctx, "s"))
}
