package hostside

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/swarmhost/swarmhost/sdk/controller"
)

// openerController's Start returns what its fields say.
type openerController struct {
	session controller.Session
	err     error
}

func (*openerController) Metadata(_ context.Context, _ controller.MetadataRequest, resp *controller.MetadataResponse) {
	resp.Name = "opener"
}

func (o *openerController) Start(context.Context, controller.StartRequest, *controller.StartResponse) (controller.Session, error) {
	return o.session, o.err
}

// eventOnly is a session without Choose; it fails events with err.
type eventOnly struct{ err error }

func (e eventOnly) Event(context.Context, controller.EventRequest, *controller.EventResponse) error {
	return e.err
}

// closing counts its Close calls.
type closing struct {
	eventOnly
	closed *atomic.Int32
}

func (c closing) Close(context.Context) error {
	c.closed.Add(1)
	return nil
}

func TestControllerSessions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	start := func(t *testing.T, impl controller.Controller) (Controller, error) {
		c := InProcess(t, Plugins{Controllers: []controller.Controller{impl}}).Controller("opener")
		return c, c.Start(ctx, controller.StartRequest{Session: "s", Roster: roster3("pending")}, &controller.StartResponse{})
	}
	event := func(c Controller, session string) error {
		return c.Event(ctx, controller.EventRequest{Session: session, Roster: roster3("running")}, &controller.EventResponse{})
	}
	tests := map[string]func(t *testing.T){
		"a Start with no session and no error is an error": func(t *testing.T) {
			_, err := start(t, &openerController{})
			require.ErrorContains(t, err, "returned no session from Start")
		},
		"a failed Start opens no session": func(t *testing.T) {
			c, err := start(t, &openerController{session: eventOnly{}, err: assert.AnError})
			require.ErrorContains(t, err, assert.AnError.Error())
			require.ErrorIs(t, event(c, "s"), ErrSessionLost)
		},
		"an event for a session never started is ErrSessionLost": func(t *testing.T) {
			c, err := start(t, &openerController{session: eventOnly{}})
			require.NoError(t, err)
			require.ErrorIs(t, event(c, "other"), ErrSessionLost)
		},
		"an ended session is gone": func(t *testing.T) {
			c, err := start(t, &openerController{session: eventOnly{}})
			require.NoError(t, err)
			require.NoError(t, c.(WithEnd).End(ctx, "s"))
			require.ErrorIs(t, event(c, "s"), ErrSessionLost)
			require.NoError(t, c.(WithEnd).End(ctx, "s"), "ending twice is harmless")
		},
		"the controller's own FailedPrecondition is not a lost session": func(t *testing.T) {
			c, err := start(t, &openerController{session: eventOnly{err: status.Error(codes.FailedPrecondition, "mine")}})
			require.NoError(t, err)
			err = event(c, "s")
			require.ErrorContains(t, err, "mine")
			assert.NotErrorIs(t, err, ErrSessionLost)
		},
		"a session without Choose never chooses": func(t *testing.T) {
			c, err := start(t, &openerController{session: eventOnly{}})
			require.NoError(t, err)
			var resp controller.ChooseResponse
			require.NoError(t, c.(controller.WithChoose).Choose(ctx, controller.ChooseRequest{Session: "s", Roster: roster3("ended"),
				Submissions: []controller.Submission{{Member: "a"}}}, &resp))
			assert.Equal(t, controller.ChooseResponse{}, resp)
		},
		"End closes a session that holds resources, once": func(t *testing.T) {
			var closed atomic.Int32
			c, err := start(t, &openerController{session: closing{closed: &closed}})
			require.NoError(t, err)
			require.NoError(t, c.(WithEnd).End(ctx, "s"))
			require.NoError(t, c.(WithEnd).End(ctx, "s"))
			assert.Equal(t, int32(1), closed.Load())
		},
	}
	for name, test := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			test(t)
		})
	}
}
