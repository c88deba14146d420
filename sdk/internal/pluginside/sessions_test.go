package pluginside

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
)

// eventOnly is a session that only answers events.
type eventOnly struct{}

func (eventOnly) Event(context.Context, controller.EventRequest, *controller.EventResponse) error {
	return nil
}

// readOnlySession declares it only reads its rosters
// (controller.WithReadOnlyRoster).
type readOnlySession struct{ eventOnly }

func (readOnlySession) ReadOnlyRoster() {}

// roster3 is a roster of a, b and c in the given states.
func roster3(states ...string) []controller.Member {
	out := make([]controller.Member, len(states))
	for i, st := range states {
		out[i] = controller.Member{Name: string(rune('a' + i)), Agent: "x", Index: i + 1, State: controller.MemberState(st)}
	}
	return out
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
		"read-only session":              {sess: readOnlySession{}, shared: true},
		"session that may modify it":     {sess: eventOnly{}},
		"session that reverses its copy": {sess: eventOnly{}, modifyView: true},
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
