package agenttools

import (
	"context"
	"slices"

	"github.com/swarmhost/swarmhost/host/swarm"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// Combined serves a member's tool sets as one: its sandbox tools, then its
// channel tools. A name is served by the first set that lists it.
type Combined []swarm.Tools

// List returns every set's tools in order.
func (t Combined) List() []model.ToolInfo {
	var out []model.ToolInfo
	for _, set := range t {
		out = append(out, set.List()...)
	}
	return out
}

// Call hands the call to the set that lists the tool; an unknown tool goes
// to the first set, which reports it.
func (t Combined) Call(ctx context.Context, call model.ToolCall) (string, *model.ToolError) {
	for _, set := range t {
		if slices.ContainsFunc(set.List(), func(ti model.ToolInfo) bool { return ti.Name == call.Function }) {
			return set.Call(ctx, call)
		}
	}
	return t[0].Call(ctx, call)
}
