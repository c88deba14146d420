package hostside

import (
	"context"
	"fmt"

	"google.golang.org/grpc/status"

	"github.com/swarmhost/swarmhost/sdk/controller"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
)

// controllerClient is the host's handle on a controller plugin process.
type controllerClient struct {
	kindClient
	client      pb.ControllerClient
	rosters     *rosterSync
	nonChoosers *sessionSet
	refusers    *sessionSet
}

// Controller returns the named controller as a [Controller] that also
// implements [controller.WithChoose], [controller.WithRefused], [WithEnd]
// and [WithEvents] and takes roster hints (rosterHinter).
func (c *controllerClient) Controller(name string) Controller {
	return &remoteController{c: c.client, name: name, rosters: c.rosters, nonChoosers: c.nonChoosers, refusers: c.refusers}
}

// remoteController proxies one named controller. Event, Choose, Refused and
// Events send only the roster entries that changed since the session's
// last call.
type remoteController struct {
	c       pb.ControllerClient
	name    string
	rosters *rosterSync
	// nonChoosers are the sessions whose controller has no Choose
	// (ControllerStartResponse.never_chooses): Choose answers them "no
	// choice" without a call.
	nonChoosers *sessionSet
	// refusers are the sessions that handle refused actions
	// (ControllerStartResponse.handles_refusals); Refused calls only them.
	refusers *sessionSet
}

func (r *remoteController) Metadata(ctx context.Context, _ controller.MetadataRequest, resp *controller.MetadataResponse) {
	kindClient{kind: protocol.KindController, rpc: r.c}.metadata(ctx, r.name, resp)
}

func (r *remoteController) Start(ctx context.Context, req controller.StartRequest, resp *controller.StartResponse) error {
	out, err := r.c.Start(ctx, &pb.ControllerStartRequest{Plugin: r.name, Session: req.Session,
		ConfigJson: req.Config.JSON(), Roster: wire.RosterToProto(req.Roster), Sample: wire.SampleRefToProto(req.Sample)})
	if err != nil {
		return protocol.CallError("controller "+r.name+" start", err)
	}
	r.rosters.started(req.Session, req.Roster)
	if out.NeverChooses {
		r.nonChoosers.add(req.Session)
	}
	if out.HandlesRefusals {
		r.refusers.add(req.Session)
	}
	resp.Actions, resp.FinalMode, resp.Answers = wire.ActionsFromProto(out.Actions), controller.FinalMode(out.FinalMode), out.Answers
	return nil
}

func (r *remoteController) Event(ctx context.Context, req controller.EventRequest, resp *controller.EventResponse) error {
	var out *pb.ControllerEventResponse
	err := r.withRoster(req.Session, req.Roster, func(roster []*pb.RosterMember, changes bool) (err error) {
		out, err = r.c.Event(ctx, &pb.ControllerEventRequest{Plugin: r.name, Session: req.Session, ConfigJson: req.Config.JSON(),
			Event: wire.EventToProto(req.Event), Roster: roster, RosterChanges: changes})
		return err
	})
	if err != nil {
		return protocol.CallError("controller "+r.name+" event", err)
	}
	resp.Actions = wire.ActionsFromProto(out.Actions)
	return nil
}

// Choose asks the plugin to choose; a session whose controller has no
// Choose gets no choice, without a call.
func (r *remoteController) Choose(ctx context.Context, req controller.ChooseRequest, resp *controller.ChooseResponse) error {
	if r.nonChoosers.has(req.Session) {
		*resp = controller.ChooseResponse{}
		return nil
	}
	var out *pb.ChooseResponse
	err := r.withRoster(req.Session, req.Roster, func(roster []*pb.RosterMember, changes bool) (err error) {
		out, err = r.c.Choose(ctx, &pb.ChooseRequest{Plugin: r.name, Session: req.Session, ConfigJson: req.Config.JSON(),
			Submissions: wire.SubmissionsToProto(req.Submissions), Roster: roster, RosterChanges: changes})
		return err
	})
	if err != nil {
		return protocol.CallError("controller "+r.name+" choose", err)
	}
	resp.Member, resp.Reason = out.Member, out.Reason
	return nil
}

// rosterHinter is the roster-hint call the host makes on the controllers it
// dispenses (the host declares the same method set as its own interface;
// plugin authors never see it). Before each Event or Choose call of a
// session the host names the roster entries, by index, that may have
// changed since the session's previous call, so the client compares only
// those instead of the whole roster (a swarm of N members makes about 3N
// events). The client reads a request's Roster only during the call, so
// the host may hand it the same buffer every time.
type rosterHinter interface {
	RosterChanged(session string, changed []int)
}

// RosterChanged notes which entries of the session's roster may have
// changed before its next Event or Choose.
func (r *remoteController) RosterChanged(session string, changed []int) {
	r.rosters.hint(session, changed)
}

func (r *remoteController) End(ctx context.Context, session string) error {
	r.rosters.end(session)
	r.nonChoosers.remove(session)
	r.refusers.remove(session)
	if _, err := r.c.End(ctx, &pb.ControllerEndRequest{Plugin: r.name, Session: session}); err != nil {
		return protocol.CallError("controller "+r.name+" end", err)
	}
	return nil
}

// withRoster makes one Event or Choose call with the session's roster as
// changes when it can. A failed call is not retried: the next one sends
// the whole roster. A session the process does not have open fails with
// [ErrSessionLost], known by its status code alone (protocol.SessionLostCode).
func (r *remoteController) withRoster(session string, roster []controller.Member, call func([]*pb.RosterMember, bool) error) error {
	send, changes := r.rosters.changes(session, roster)
	if err := call(wire.RosterToProto(send), changes); err != nil {
		r.rosters.forget(session)
		if status.Code(err) == protocol.SessionLostCode {
			return fmt.Errorf("%w: %s", ErrSessionLost, status.Convert(err).Message())
		}
		return err
	}
	if !changes {
		r.rosters.record(session, roster)
	}
	return nil
}

// Interface guards.
var (
	_ Controller             = (*remoteController)(nil)
	_ controller.WithChoose  = (*remoteController)(nil)
	_ controller.WithRefused = (*remoteController)(nil)
	_ WithEnd                = (*remoteController)(nil)
	_ rosterHinter           = (*remoteController)(nil)
)
