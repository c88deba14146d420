package pluginside

import (
	"context"
	"errors"

	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// Plugins lists the implementations one binary serves (sdk.Plugins). A
// binary may serve several plugins of several kinds; their Metadata names
// must be unique per kind.
type Plugins struct {
	Agents      []agent.Agent
	Controllers []controller.Controller
	Scorers     []scorer.Scorer
}

// Set is the go-plugin set a plugin process serves p with: the plugin's
// half of each kind's GRPCPlugin (the host's half is package hostside's).
func Set(p Plugins) plugin.PluginSet {
	set := plugin.PluginSet{}
	if len(p.Agents) > 0 {
		set[protocol.KindAgent] = &agentPlugin{impls: p.Agents}
	}
	if len(p.Controllers) > 0 {
		set[protocol.KindController] = &controllerPlugin{impls: p.Controllers}
	}
	if len(p.Scorers) > 0 {
		set[protocol.KindScorer] = &scorerPlugin{impls: p.Scorers}
	}
	return set
}

// serverOnly is the plugin's half of a GRPCPlugin: it has no client.
type serverOnly struct{ plugin.NetRPCUnsupportedPlugin }

// errNoClient is GRPCClient's answer: a plugin process dispenses nothing.
var errNoClient = errors.New("pluginside: the plugin's half of the protocol has no client (the host's is in hostside)")

func (serverOnly) GRPCClient(context.Context, *plugin.GRPCBroker, *grpc.ClientConn) (any, error) {
	return nil, errNoClient
}
