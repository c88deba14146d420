package pluginside

import (
	"context"
	"slices"

	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	"github.com/swarmhost/swarmhost/sdk/controller"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
)

// controllerPlugin is the go-plugin GRPCPlugin for controllers.
type controllerPlugin struct {
	serverOnly
	impls []controller.Controller
}

func (p *controllerPlugin) GRPCServer(_ *plugin.GRPCBroker, s *grpc.Server) error {
	pb.RegisterControllerServer(s, &controllerServer{cat: newCatalog(p.impls), sessions: newOpenSessions()})
	return nil
}

// controllerServer runs in the plugin process. It maps each session id to
// the Session its controller's Start returned, with the session's roster,
// so the host can send only what changed (see openSessions).
type controllerServer struct {
	pb.UnimplementedControllerServer
	cat      *catalog[controller.Controller]
	sessions *openSessions
}

func (s *controllerServer) Metadata(context.Context, *pb.MetadataRequest) (*pb.MetadataResponse, error) {
	return s.cat.metadata(), nil
}

func (s *controllerServer) ValidateConfig(ctx context.Context, req *pb.ValidateConfigRequest) (*pb.ValidateConfigResponse, error) {
	return s.cat.validate(ctx, req)
}

func (s *controllerServer) Start(ctx context.Context, req *pb.ControllerStartRequest) (*pb.ControllerStartResponse, error) {
	impl, err := s.cat.lookup(req.Plugin)
	if err != nil {
		return nil, err
	}
	var resp controller.StartResponse
	var sess controller.Session
	// The session keeps roster; the request's entries are let go before
	// the Session starts (at N members, N messages the decoded roster
	// only shares strings with), and the Session gets its own copy.
	roster := wire.RosterFromProto(req.Roster)
	req.Roster = nil
	err = protocol.ServerGuard(func() (err error) {
		sess, err = impl.Start(ctx, controller.StartRequest{Session: req.Session, Config: wire.ConfigFromProto(req.ConfigJson),
			Roster: slices.Clone(roster), Sample: wire.SampleRefFromProto(req.Sample)}, &resp)
		return err
	})
	if err == nil && sess == nil {
		err = errNoSession(req.Plugin)
	}
	if err != nil {
		return nil, authorError(err)
	}
	s.sessions.start(req.Session, sess, roster)
	_, chooses := sess.(controller.WithChoose)
	_, refusals := sess.(controller.WithRefused)
	actions := wire.ActionsToProto(resp.Actions)
	return &pb.ControllerStartResponse{Actions: actions, FinalMode: string(resp.FinalMode), Answers: resp.Answers,
		NeverChooses: !chooses, HandlesRefusals: refusals}, nil
}

func (s *controllerServer) Event(ctx context.Context, req *pb.ControllerEventRequest) (*pb.ControllerEventResponse, error) {
	if _, err := s.cat.lookup(req.Plugin); err != nil {
		return nil, err
	}
	sess, roster, err := s.sessions.resolve(req.Session, req.Roster, req.RosterChanges)
	if err != nil {
		return nil, err
	}
	var resp controller.EventResponse
	err = protocol.ServerGuard(func() error {
		return sess.Event(ctx, controller.EventRequest{Session: req.Session, Config: wire.ConfigFromProto(req.ConfigJson),
			Event: wire.EventFromProto(req.Event), Roster: roster}, &resp)
	})
	if err != nil {
		return nil, authorError(err)
	}
	return &pb.ControllerEventResponse{Actions: wire.ActionsToProto(resp.Actions)}, nil
}

func (s *controllerServer) Choose(ctx context.Context, req *pb.ChooseRequest) (*pb.ChooseResponse, error) {
	if _, err := s.cat.lookup(req.Plugin); err != nil {
		return nil, err
	}
	sess, roster, err := s.sessions.resolve(req.Session, req.Roster, req.RosterChanges)
	if err != nil {
		return nil, err
	}
	c, ok := sess.(controller.WithChoose)
	if !ok { // a session that never chooses (a host that missed never_chooses)
		return &pb.ChooseResponse{}, nil
	}
	var resp controller.ChooseResponse
	err = protocol.ServerGuard(func() error {
		return c.Choose(ctx, controller.ChooseRequest{Session: req.Session, Config: wire.ConfigFromProto(req.ConfigJson),
			Submissions: wire.SubmissionsFromProto(req.Submissions), Roster: roster}, &resp)
	})
	if err != nil {
		return nil, authorError(err)
	}
	return &pb.ChooseResponse{Member: resp.Member, Reason: resp.Reason}, nil
}

// End closes the session: its Session's optional Close, then it is gone.
// Ending a session that is not open (never started here, or ended) is not
// an error.
func (s *controllerServer) End(ctx context.Context, req *pb.ControllerEndRequest) (*pb.ControllerEndResponse, error) {
	if _, err := s.cat.lookup(req.Plugin); err != nil {
		return nil, err
	}
	if sess := s.sessions.end(req.Session); sess != nil {
		if err := closeSession(ctx, sess); err != nil {
			return nil, authorError(err)
		}
	}
	return &pb.ControllerEndResponse{}, nil
}

// NewControllerServer is the controller server a plugin process registers
// for impls, for tests that call it without a connection.
func NewControllerServer(impls []controller.Controller) pb.ControllerServer {
	return &controllerServer{cat: newCatalog(impls), sessions: newOpenSessions()}
}
