package pluginside

import (
	"context"
	"time"

	"github.com/swarmhost/swarmhost/sdk/controller"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
)

// Events serves rpc Events: it hands the request's events to the session
// in order, each with its own deadline, and sends each answer as it has it,
// stopping after the first that has actions (the host applies them before
// the next event) or at the first error, which ends the stream.
func (s *controllerServer) Events(req *pb.ControllerEventsRequest, stream pb.Controller_EventsServer) error {
	if _, err := s.cat.lookup(req.Plugin); err != nil {
		return err
	}
	sess, err := s.sessions.resolveSession(req.Session, req.Roster, req.RosterChanges)
	if err != nil {
		return err
	}
	cfg := wire.ConfigFromProto(req.ConfigJson)
	timeout := time.Duration(req.EventTimeout * float64(time.Second))
	for _, e := range req.Events {
		ereq := controller.EventRequest{Session: req.Session, Config: cfg, Event: wire.EventFromProto(e), Roster: sess.fresh()}
		var resp controller.EventResponse
		if err := eventWithin(stream.Context(), timeout, sess.sess, ereq, &resp); err != nil {
			return authorError(err)
		}
		if err := stream.Send(&pb.ControllerEventResponse{Actions: wire.ActionsToProto(resp.Actions)}); err != nil {
			return err
		}
		if len(resp.Actions) > 0 {
			return nil
		}
	}
	return nil
}

// eventWithin calls the session's Event, bounded by timeout when it is
// positive.
func eventWithin(ctx context.Context, timeout time.Duration, sess controller.Session, req controller.EventRequest,
	resp *controller.EventResponse) error {
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	return protocol.ServerGuard(func() error { return sess.Event(ctx, req, resp) })
}
