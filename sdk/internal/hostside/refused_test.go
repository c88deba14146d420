package hostside

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/swarmhost/swarmhost/sdk/controller"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/pluginside"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
)

// forgiver is a starter whose session handles refusals by starting "a".
type forgiver struct{ starter }

func (f forgiver) Start(ctx context.Context, req controller.StartRequest, resp *controller.StartResponse) (controller.Session, error) {
	_, err := f.starter.Start(ctx, req, resp)
	return f, err
}

func (forgiver) Refused(_ context.Context, req controller.RefusedRequest, resp *controller.EventResponse) error {
	if !errors.Is(req.Err, controller.ErrUnknownMember) {
		return errors.New("unexpected cause")
	}
	resp.Actions = []controller.Action{controller.Start("a", "")}
	return nil
}

// refusedLog calls a controllerServer directly and counts Refused calls.
type refusedLog struct {
	pb.ControllerClient
	s       pb.ControllerServer
	refused int
}

func (w *refusedLog) Start(ctx context.Context, in *pb.ControllerStartRequest, _ ...grpc.CallOption) (*pb.ControllerStartResponse, error) {
	return w.s.Start(ctx, in)
}

func (w *refusedLog) Refused(ctx context.Context, in *pb.ControllerRefusedRequest, _ ...grpc.CallOption) (*pb.ControllerEventResponse, error) {
	w.refused++
	return w.s.Refused(ctx, in)
}

// TestRefusedReachesOnlySessionsThatHandleIt: a session with Refused says
// so at Start (handles_refusals) and is called; for any other the host's
// client answers with the refusal itself, without a call, and the server
// too answers a Refused it gets for such a session with the refusal's
// text (a host that missed handles_refusals), never the session-lost code.
func TestRefusedReachesOnlySessionsThatHandleIt(t *testing.T) {
	t.Parallel()
	ghost := &controller.RefusedError{Action: controller.Start("ghost", ""), Cause: controller.ErrUnknownMember,
		Members: []string{"a"}}
	roster := []controller.Member{{Name: "a", State: controller.StatePending}}
	tests := map[string]struct {
		impl      controller.Controller
		handles   bool
		wantCalls int
		want      []controller.Action
	}{
		"with Refused":    {impl: forgiver{}, handles: true, wantCalls: 1, want: []controller.Action{controller.Start("a", "")}},
		"without Refused": {impl: starter{}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			srv := pluginside.NewControllerServer([]controller.Controller{tc.impl})
			start, err := srv.Start(ctx, &pb.ControllerStartRequest{Plugin: "c", Session: "s", Roster: wire.RosterToProto(roster)})
			require.NoError(t, err)
			assert.Equal(t, tc.handles, start.HandlesRefusals)

			log := &refusedLog{s: srv}
			rc := &remoteController{c: log, name: "c", rosters: newRosterSync(), nonChoosers: newSessionSet(), refusers: newSessionSet()}
			require.NoError(t, rc.Start(ctx, controller.StartRequest{Session: "s", Roster: roster}, &controller.StartResponse{}))
			var resp controller.EventResponse
			err = rc.Refused(ctx, controller.RefusedRequest{Session: "s", Err: ghost, Roster: roster}, &resp)
			assert.Equal(t, tc.wantCalls, log.refused)
			if !tc.handles {
				assert.Same(t, ghost, err, "the refusal comes back as it was")
				_, err := srv.Refused(ctx, &pb.ControllerRefusedRequest{Plugin: "c", Session: "s", Refusal: wire.RefusalToProto(ghost)})
				assert.Equal(t, codes.Unknown, status.Code(err))
				assert.Equal(t, ghost.Error(), status.Convert(err).Message())
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, resp.Actions)
		})
	}
}
