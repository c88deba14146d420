package hostside

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/controller"
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
