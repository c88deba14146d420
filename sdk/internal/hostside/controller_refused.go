package hostside

import (
	"context"

	"github.com/swarmhost/swarmhost/sdk/controller"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
)

// Refused tells the session that the host refused one of its actions. A
// session whose plugin does not handle refusals (proto handles_refusals
// unset) gets no call: the refusal comes back as the error, and the
// sample ends with it.
func (r *remoteController) Refused(ctx context.Context, req controller.RefusedRequest, resp *controller.EventResponse) error {
	if !r.refusers.has(req.Session) {
		return req.Err
	}
	var out *pb.ControllerEventResponse
	err := r.withRoster(req.Session, req.Roster, func(roster []*pb.RosterMember, changes bool) (err error) {
		out, err = r.c.Refused(ctx, &pb.ControllerRefusedRequest{Plugin: r.name, Session: req.Session, ConfigJson: req.Config.JSON(),
			Refusal: wire.RefusalToProto(req.Err), NotApplied: wire.ActionsToProto(req.NotApplied), Roster: roster, RosterChanges: changes})
		return err
	})
	if err != nil {
		return protocol.CallError("controller "+r.name+" refused", err)
	}
	resp.Actions = wire.ActionsFromProto(out.Actions)
	return nil
}
