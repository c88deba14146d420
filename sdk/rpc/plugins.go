package rpc

import (
	"github.com/hashicorp/go-plugin"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// Plugins lists the implementations one binary serves. A binary may serve
// several plugins of several kinds; their Metadata names must be unique per
// kind.
type Plugins struct {
	Agents      []agent.Agent
	Controllers []controller.Controller
	Scorers     []scorer.Scorer
}

// pluginSet is the go-plugin set a plugin process serves.
func pluginSet(p Plugins) plugin.PluginSet {
	set := plugin.PluginSet{}
	if len(p.Agents) > 0 {
		set[KindAgent] = &agentPlugin{impls: p.Agents}
	}
	if len(p.Controllers) > 0 {
		set[KindController] = &controllerPlugin{impls: p.Controllers}
	}
	if len(p.Scorers) > 0 {
		set[KindScorer] = &scorerPlugin{impls: p.Scorers}
	}
	return set
}

// HostPlugins is the plugin set the host dispenses from, keyed by protocol
// version for go-plugin's VersionedPlugins. Plugin authors never call it.
// Dispensing a kind yields the SDK's client for a process (unexported); its
// methods are Plugins(ctx) and Validate(ctx, name, configJSON) for every
// kind, plus Agent(name), Controller(name) or Scorer(name), which return the
// kind's interface proxied to the process.
func HostPlugins() map[int]plugin.PluginSet {
	return map[int]plugin.PluginSet{ProtocolVersion: {
		KindAgent:      &agentPlugin{},
		KindController: &controllerPlugin{},
		KindScorer:     &scorerPlugin{},
		KindTask:       &taskPlugin{},
	}}
}
