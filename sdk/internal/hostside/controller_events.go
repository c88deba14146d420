package hostside

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/swarmhost/swarmhost/sdk/controller"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
	"github.com/swarmhost/swarmhost/sdk/schema"
)

// EventsRequest is one [WithEvents] call: several of a session's queued
// events, delivered in order.
type EventsRequest struct {
	Session string
	// Config is the session's config, as in Start.
	Config schema.Config
	// Events are the events, in the order they happened.
	Events []controller.Event
	// Roster is as in [controller.EventRequest], as it is when the call is
	// made, and the same for every event of the call.
	Roster []controller.Member
	// Timeout bounds the answer to each event, as the deadline of one Event
	// call does; 0: no bound but ctx's.
	Timeout time.Duration
}

// WithEvents is the batched Event of a [Controller] the host calls: one
// call delivers several queued events of a session instead of one call
// each (a swarm of N members makes about 3N events). The SDK's client
// implements it with rpc Events, which every plugin serves; a controller
// the host runs in-process may not (the host then makes an Event call per
// event).
type WithEvents interface {
	// Events hands req.Events to the session in order, one at a time as
	// Event would, and calls answer with each one's actions as it comes. It
	// stops after the first answer that has actions, so that the caller
	// applies them before the session hears of the next event, and when
	// answer returns false (the caller delivers none of the rest; the
	// plugin may have handed the session some). It returns how many events
	// were answered; with an error, that is the index of the event the
	// error answers. An event unanswered for req.Timeout fails the call
	// with an error that wraps context.DeadlineExceeded. The SDK's client
	// delivers at most [MaxEventsPerCall] events a call: it answers the
	// first ones and returns their count, and the caller delivers the rest
	// with its next call, as after an answer with actions.
	Events(ctx context.Context, req EventsRequest, answer func([]controller.Action) bool) (int, error)
}

// MaxEventsPerCall bounds the events of one rpc Events call, so that the
// plugin never holds more than this many decoded at once (events queue by
// the thousand when N members start or end together).
const MaxEventsPerCall = 256

// errEventTimeout is the cause of an Events call cut off because an event
// went unanswered for the request's Timeout.
var errEventTimeout = errors.New("rpc: controller event unanswered")

// Events makes one rpc Events call, its roster sent as changes when it can
// (see withRoster). Each answer must come within req.Timeout of the one
// before (of the call, for the first), as each Event call's must.
func (r *remoteController) Events(ctx context.Context, req EventsRequest, answer func([]controller.Action) bool) (int, error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	timer := idleTimer(req.Timeout, func() { cancel(errEventTimeout) })
	defer timer.stop()
	n, events := 0, req.Events[:min(len(req.Events), MaxEventsPerCall)]
	err := r.withRoster(req.Session, req.Roster, func(roster []*pb.RosterMember, changes bool) error {
		stream, err := r.c.Events(ctx, &pb.ControllerEventsRequest{Plugin: r.name, Session: req.Session,
			ConfigJson: req.Config.JSON(), Events: eventsToProto(events), Roster: roster, RosterChanges: changes,
			EventTimeout: req.Timeout.Seconds()})
		if err != nil {
			return err
		}
		for n < len(events) {
			out, err := stream.Recv()
			if err == io.EOF {
				return status.Error(codes.Internal, "the plugin ended the events without answering them all")
			}
			if err != nil {
				return err
			}
			n++
			timer.reset()
			if !answer(wire.ActionsFromProto(out.Actions)) || len(out.Actions) > 0 {
				return nil
			}
		}
		return nil
	})
	if err != nil {
		if errors.Is(context.Cause(ctx), errEventTimeout) {
			return n, fmt.Errorf("controller %s event: %w", r.name, context.DeadlineExceeded)
		}
		return n, protocol.CallError("controller "+r.name+" event", err)
	}
	return n, nil
}

// eventsToProto converts events.
func eventsToProto(evs []controller.Event) []*pb.SwarmEvent {
	out := make([]*pb.SwarmEvent, len(evs))
	for i, e := range evs {
		out[i] = wire.EventToProto(e)
	}
	return out
}

// idle calls f once d passes without a reset; d <= 0 never does.
type idle struct {
	d time.Duration
	t *time.Timer
}

func idleTimer(d time.Duration, f func()) idle {
	if d <= 0 {
		return idle{}
	}
	return idle{d: d, t: time.AfterFunc(d, f)}
}

func (i idle) reset() {
	if i.t != nil {
		i.t.Reset(i.d)
	}
}

func (i idle) stop() {
	if i.t != nil {
		i.t.Stop()
	}
}

// Interface guard.
var _ WithEvents = (*remoteController)(nil)
