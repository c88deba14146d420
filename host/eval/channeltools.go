package eval

import (
	"github.com/swarmhost/swarmhost/host/agenttools"
	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/host/swarm"
)

// withChannelTools adds the sample's channel tools for member to its
// sandbox tools; the channel tools are bound to member here, by the host.
// Channel tools are added whatever the member's `tools` attribute says;
// with no messages or shared_memory channel the sandbox tools are
// returned unchanged.
func (s *sampleRun) withChannelTools(member string, sandboxTools swarm.Tools) swarm.Tools {
	if s.bus == nil && s.board == nil {
		return sandboxTools
	}
	tools := agenttools.Combined{sandboxTools}
	if s.bus != nil {
		tools = append(tools, s.bus.Tools(member))
	}
	if s.board != nil {
		tools = append(tools, s.board.Tools(member))
	}
	return tools
}

// toolsFor is the sandbox tools of the i-th member in roster order.
func (r *evalRun) toolsFor(i int, sb sandbox.Env) *agenttools.Set {
	return agenttools.New(sb, r.sw.Roster[i].Member.Tools)
}
