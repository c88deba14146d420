package pluginside

import (
	"context"

	"github.com/swarmhost/swarmhost/sdk/controller"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
)

// Refused hands a refused action to the session's optional
// [controller.WithRefused]. A session without it answers with the
// refusal itself (a host that missed handles_refusals): the sample ends
// in error, as the host would end it.
func (s *controllerServer) Refused(ctx context.Context, req *pb.ControllerRefusedRequest) (*pb.ControllerEventResponse, error) {
	if _, err := s.cat.lookup(req.Plugin); err != nil {
		return nil, err
	}
	sess, roster, err := s.sessions.resolve(req.Session, req.Roster, req.RosterChanges)
	if err != nil {
		return nil, err
	}
	refused := wire.RefusalFromProto(req.Refusal)
	r, ok := sess.(controller.WithRefused)
	if !ok {
		return nil, authorError(refused)
	}
	var resp controller.EventResponse
	err = protocol.ServerGuard(func() error {
		return r.Refused(ctx, controller.RefusedRequest{Session: req.Session, Config: wire.ConfigFromProto(req.ConfigJson),
			Err: refused, NotApplied: wire.ActionsFromProto(req.NotApplied), Roster: roster}, &resp)
	})
	if err != nil {
		return nil, authorError(err)
	}
	return &pb.ControllerEventResponse{Actions: wire.ActionsToProto(resp.Actions)}, nil
}
