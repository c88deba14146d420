package plugins

import (
	"context"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/base"
	"github.com/swarmhost/swarmhost/sdk/rpc"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// lister is what the SDK's three clients have in common: one plugin
// process's plugins of a kind, and their config check.
type lister interface {
	// Plugins returns the metadata of every plugin of the kind the
	// process serves.
	Plugins(ctx context.Context) ([]base.MetadataResponse, error)
	// Validate asks the named plugin to check a decoded config (JSON).
	Validate(ctx context.Context, name string, config []byte) (base.ValidateConfigResponse, error)
}

// AgentClient is the host's handle on an agent plugin process, as the SDK's
// go-plugin set (rpc.HostPlugins) dispenses it.
type AgentClient interface {
	lister
	// Agent returns the named agent, proxied to the process.
	Agent(name string) agent.Agent
}

// ControllerClient is the host's handle on a controller plugin process.
type ControllerClient interface {
	lister
	// Controller returns the named controller, proxied to the process; it
	// also implements [rpc.WithEnd] and [swarm.WithRosterHint].
	//
	// [swarm.WithRosterHint]: github.com/swarmhost/swarmhost/host/swarm
	Controller(name string) rpc.Controller
}

// ScorerClient is the host's handle on a scorer plugin process.
type ScorerClient interface {
	lister
	// Scorer returns the named scorer, proxied to the process.
	Scorer(name string) scorer.Scorer
}
