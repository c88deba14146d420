package rpc

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
)

// readOnlySession is a seenController session that declares it only reads
// its rosters (controller.WithReadOnlyRoster).
type readOnlySession struct{ *seenController }

func (readOnlySession) ReadOnlyRoster() {}

// readOnlyController starts readOnlySessions.
type readOnlyController struct{ *seenController }

func (c readOnlyController) Start(_ context.Context, req controller.StartRequest, _ *controller.StartResponse) (controller.Session, error) {
	return readOnlySession(c), c.see(req.Roster)
}

// TestSessionRoster: a session that only reads its roster gets the kept
// roster itself, with each request's changes applied (no O(N) copy per
// call); any other gets a copy per call, so what it does to one call's
// roster never reaches the next.
func TestSessionRoster(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		sess       controller.Session
		shared     bool
		modifyView bool
	}{
		"read-only session":              {sess: readOnlySession{&seenController{}}, shared: true},
		"session that may modify it":     {sess: &seenController{}},
		"session that reverses its copy": {sess: &seenController{}, modifyView: true},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			o := newOpenSessions()
			o.start("s", tc.sess, roster3("pending", "pending", "pending"))
			kept := o.open["s"].members
			steps := []struct {
				changes []controller.Member
				want    []controller.Member
			}{
				{roster3("running", "running", "pending")[:2], roster3("running", "running", "pending")},
				{roster3("ended", "running", "running")[2:], roster3("running", "running", "running")},
				{nil, roster3("running", "running", "running")},
			}
			for i, st := range steps {
				_, got, err := o.resolve("s", wire.RosterToProto(st.changes), true)
				require.NoError(t, err)
				assert.Equal(t, st.want, got, "step %d", i)
				assert.Equal(t, tc.shared, &got[0] == &kept[0], "step %d: the kept roster itself", i)
				if tc.modifyView {
					got[0], got[2] = got[2], got[0]
					got[1].State = "bogus"
				}
			}
		})
	}
}

// TestReadOnlyRosterAcrossASession follows a read-only session through the
// real gRPC layer, with and without the host's hints: every call sees the
// roster the host passed.
func TestReadOnlyRosterAcrossASession(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	impl := readOnlyController{&seenController{}}
	c := InProcess(t, Plugins{Controllers: []controller.Controller{impl}}).Controller("seen")
	hinted := c.(rosterHinter)
	steps := []struct {
		roster  []controller.Member
		changed []int
	}{
		{roster3("running", "running", "pending"), []int{0, 1}},
		{roster3("running", "running", "pending"), nil},
		{roster3("ended", "running", "running"), nil},
		{roster3("ended", "ended", "running"), []int{1}},
	}
	require.NoError(t, c.Start(ctx, controller.StartRequest{Session: "s", Roster: roster3("pending", "pending", "pending")},
		&controller.StartResponse{}))
	for i, st := range steps {
		if st.changed != nil {
			hinted.RosterChanged("s", st.changed)
		}
		require.NoError(t, c.Event(ctx, controller.EventRequest{Session: "s", Roster: st.roster}, &controller.EventResponse{}))
		assert.Equal(t, st.roster, impl.last(), "step %d", i)
	}
	final := roster3("ended", "ended", "ended")
	require.NoError(t, c.(controller.WithChoose).Choose(ctx, controller.ChooseRequest{Session: "s", Roster: final}, &controller.ChooseResponse{}))
	assert.Equal(t, final, impl.last())
	require.NoError(t, c.(WithEnd).End(ctx, "s"))
}
