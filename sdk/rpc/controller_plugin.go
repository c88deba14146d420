package rpc

import (
	"context"
	"slices"

	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	"github.com/swarmhost/swarmhost/sdk/controller"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
)

// controllerPlugin is the go-plugin GRPCPlugin for controllers.
type controllerPlugin struct {
	plugin.NetRPCUnsupportedPlugin
	impls []controller.Controller
}

func (p *controllerPlugin) GRPCServer(_ *plugin.GRPCBroker, s *grpc.Server) error {
	pb.RegisterControllerServer(s, &controllerServer{cat: newCatalog(p.impls), rosters: newKeptRosters()})
	return nil
}

func (p *controllerPlugin) GRPCClient(_ context.Context, _ *plugin.GRPCBroker, c *grpc.ClientConn) (any, error) {
	return &controllerClient{client: pb.NewControllerClient(c), rosters: newRosterSync(), nonChoosers: newSessionSet()}, nil
}

// controllerServer runs in the plugin process. It keeps each session's
// roster, so the host can send only what changed (see keptRosters).
type controllerServer struct {
	pb.UnimplementedControllerServer
	cat     *catalog[controller.Controller]
	rosters *keptRosters
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
	roster := wire.RosterFromProto(req.Roster)
	s.rosters.start(req.Session, roster)
	err = guard(func() error {
		return impl.Start(ctx, controller.StartRequest{Session: req.Session, Config: wire.ConfigFromProto(req.ConfigJson),
			Roster: slices.Clone(roster), Sample: wire.SampleRefFromProto(req.Sample)}, &resp)
	})
	if err != nil {
		s.rosters.end(req.Session)
		return nil, err
	}
	_, chooses := impl.(controller.WithChoose)
	return &pb.ControllerStartResponse{Actions: wire.ActionsToProto(resp.Actions), FinalMode: string(resp.FinalMode), Answers: resp.Answers,
		KeepsRoster: true, NeverChooses: !chooses}, nil
}

func (s *controllerServer) Event(ctx context.Context, req *pb.ControllerEventRequest) (*pb.ControllerEventResponse, error) {
	impl, err := s.cat.lookup(req.Plugin)
	if err != nil {
		return nil, err
	}
	roster, err := s.rosters.resolve(req.Session, req.Roster, req.RosterChanges)
	if err != nil {
		return nil, err
	}
	var resp controller.EventResponse
	err = guard(func() error {
		return impl.Event(ctx, controller.EventRequest{Session: req.Session, Config: wire.ConfigFromProto(req.ConfigJson), Event: wire.EventFromProto(req.Event),
			Roster: roster}, &resp)
	})
	if err != nil {
		return nil, err
	}
	return &pb.ControllerEventResponse{Actions: wire.ActionsToProto(resp.Actions)}, nil
}

func (s *controllerServer) Choose(ctx context.Context, req *pb.ChooseRequest) (*pb.ChooseResponse, error) {
	impl, err := s.cat.lookup(req.Plugin)
	if err != nil {
		return nil, err
	}
	roster, err := s.rosters.resolve(req.Session, req.Roster, req.RosterChanges)
	if err != nil {
		return nil, err
	}
	var resp controller.ChooseResponse
	c, ok := impl.(controller.WithChoose)
	if !ok { // a host that missed never_chooses: no choice
		return &pb.ChooseResponse{}, nil
	}
	err = guard(func() error {
		return c.Choose(ctx, controller.ChooseRequest{Session: req.Session, Config: wire.ConfigFromProto(req.ConfigJson),
			Submissions: wire.SubmissionsFromProto(req.Submissions), Roster: roster}, &resp)
	})
	if err != nil {
		return nil, err
	}
	return &pb.ChooseResponse{Member: resp.Member, Reason: resp.Reason}, nil
}

func (s *controllerServer) End(ctx context.Context, req *pb.ControllerEndRequest) (*pb.ControllerEndResponse, error) {
	impl, err := s.cat.lookup(req.Plugin)
	if err != nil {
		return nil, err
	}
	s.rosters.end(req.Session)
	if e, ok := impl.(controller.WithEnd); ok {
		err = guard(func() error { return e.End(ctx, req.Session) })
	}
	return &pb.ControllerEndResponse{}, err
}
