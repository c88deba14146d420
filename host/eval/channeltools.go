package eval

import (
	"context"
	"slices"

	"github.com/swarmhost/swarmhost/host/swarm"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// memberTools combines a member's tool sets: its sandbox tools, then its
// channel tools. A name is served by the first set that lists it.
type memberTools []swarm.Tools

// withChannelTools adds the sample's channel tools for member to its
// sandbox tools; the channel tools are bound to member here, by the host.
// Channel tools are added whatever the member's `tools` attribute says;
// with no messages or shared_memory channel the sandbox tools are
// returned unchanged.
func (s *sampleRun) withChannelTools(member string, sandboxTools swarm.Tools) swarm.Tools {
	if s.bus == nil && s.board == nil {
		return sandboxTools
	}
	tools := memberTools{sandboxTools}
	if s.bus != nil {
		tools = append(tools, s.bus.Tools(member))
	}
	if s.board != nil {
		tools = append(tools, s.board.Tools(member))
	}
	return tools
}

// List returns every set's tools in order.
func (t memberTools) List() []model.ToolInfo {
	var out []model.ToolInfo
	for _, set := range t {
		out = append(out, set.List()...)
	}
	return out
}

// Call hands the call to the set that lists the tool; an unknown tool goes
// to the first set, which reports it.
func (t memberTools) Call(ctx context.Context, call model.ToolCall) (string, *model.ToolError) {
	for _, set := range t {
		if slices.ContainsFunc(set.List(), func(ti model.ToolInfo) bool { return ti.Name == call.Function }) {
			return set.Call(ctx, call)
		}
	}
	return t[0].Call(ctx, call)
}
