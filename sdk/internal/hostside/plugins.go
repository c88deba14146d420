package hostside

import (
	"context"
	"errors"

	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/base"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// VersionedPlugins is the plugin set the host dispenses from, keyed by
// protocol version for go-plugin's ClientConfig.VersionedPlugins.
// Dispensing a kind yields the client of one plugin process: an
// [AgentClient], a [ControllerClient], a [ScorerClient] or a [TaskClient].
func VersionedPlugins() map[int]plugin.PluginSet {
	return map[int]plugin.PluginSet{protocol.ProtocolVersion: Set()}
}

// Set is the host's half of each kind's GRPCPlugin (the plugin's half is
// package pluginside's).
func Set() plugin.PluginSet {
	return plugin.PluginSet{
		protocol.KindAgent:      agentPlugin{},
		protocol.KindController: controllerPlugin{},
		protocol.KindScorer:     scorerPlugin{},
		protocol.KindTask:       taskPlugin{},
	}
}

// Pair joins the plugin's half of each kind in server (its GRPCServer,
// from package pluginside) with the host's half (its GRPCClient), for the
// kinds server has: a set to serve a plugin in-process and dispense the
// host's clients of it (go-plugin's TestPluginGRPCConn), as package
// loopback does for sdktest.
func Pair(server plugin.PluginSet) plugin.PluginSet {
	client, out := Set(), plugin.PluginSet{}
	for kind, s := range server {
		out[kind] = pair{server: s.(plugin.GRPCPlugin), client: client[kind].(plugin.GRPCPlugin)}
	}
	return out
}

// pair is one kind's GRPCPlugin made of both halves.
type pair struct {
	plugin.NetRPCUnsupportedPlugin
	server, client plugin.GRPCPlugin
}

func (p pair) GRPCServer(b *plugin.GRPCBroker, s *grpc.Server) error {
	return p.server.GRPCServer(b, s)
}

func (p pair) GRPCClient(ctx context.Context, b *plugin.GRPCBroker, c *grpc.ClientConn) (any, error) {
	return p.client.GRPCClient(ctx, b, c)
}

// Lister is what the three clients have in common: one plugin process's
// plugins of a kind, and their config check.
type Lister interface {
	// Plugins returns the metadata of every plugin of the kind the
	// process serves.
	Plugins(ctx context.Context) ([]base.MetadataResponse, error)
	// Validate asks the named plugin to check a decoded config (JSON).
	Validate(ctx context.Context, name string, config []byte) (base.ValidateConfigResponse, error)
}

// AgentClient is the host's handle on an agent plugin process.
type AgentClient interface {
	Lister
	// Agent returns the named agent, proxied to the process.
	Agent(name string) agent.Agent
}

// ControllerClient is the host's handle on a controller plugin process.
type ControllerClient interface {
	Lister
	// Controller returns the named controller, proxied to the process; it
	// also implements [WithEnd], [WithEvents], controller.WithChoose,
	// controller.WithRefused and RosterChanged(session, changed).
	Controller(name string) Controller
}

// ScorerClient is the host's handle on a scorer plugin process.
type ScorerClient interface {
	Lister
	// Scorer returns the named scorer, proxied to the process.
	Scorer(name string) scorer.Scorer
}

// clientOnly is the host's half of a GRPCPlugin: it serves nothing.
type clientOnly struct{ plugin.NetRPCUnsupportedPlugin }

// errNoServer is GRPCServer's answer: the host serves no plugin kind.
var errNoServer = errors.New("hostside: the host's half of the protocol serves no plugin (the plugin's is in pluginside)")

func (clientOnly) GRPCServer(*plugin.GRPCBroker, *grpc.Server) error { return errNoServer }

// agentPlugin dispenses an agent process's client.
type agentPlugin struct{ clientOnly }

func (agentPlugin) GRPCClient(_ context.Context, _ *plugin.GRPCBroker, c *grpc.ClientConn) (any, error) {
	return newAgentClient(c), nil
}

// controllerPlugin dispenses a controller process's client.
type controllerPlugin struct{ clientOnly }

func (controllerPlugin) GRPCClient(_ context.Context, _ *plugin.GRPCBroker, c *grpc.ClientConn) (any, error) {
	client := pb.NewControllerClient(c)
	return &controllerClient{kindClient: kindClient{kind: protocol.KindController, rpc: client}, client: client,
		rosters: newRosterSync(), nonChoosers: newSessionSet(), refusers: newSessionSet()}, nil
}

// scorerPlugin dispenses a scorer process's client.
type scorerPlugin struct{ clientOnly }

func (scorerPlugin) GRPCClient(_ context.Context, b *plugin.GRPCBroker, c *grpc.ClientConn) (any, error) {
	client := pb.NewScorerClient(c)
	sc := &scorerClient{kindClient: kindClient{kind: protocol.KindScorer, rpc: client}, client: client,
		hosts: newRegistry[scorer.Host]()}
	sc.svc = &hostService{broker: b, register: func(s *grpc.Server) {
		pb.RegisterScorerHostServer(s, &scorerHostServer{hosts: sc.hosts})
	}}
	return sc, nil
}

// Interface guards.
var (
	_ AgentClient      = (*agentClient)(nil)
	_ ControllerClient = (*controllerClient)(nil)
	_ ScorerClient     = (*scorerClient)(nil)
	_ TaskClient       = (*taskClient)(nil)
)
