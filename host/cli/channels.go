package cli

import (
	"maps"
	"slices"

	"github.com/hashicorp/hcl/v2"

	"github.com/swarmhost/swarmhost/host/channels"
	"github.com/swarmhost/swarmhost/host/config"
)

// channelDiags checks every swarm's messages and shared_memory channel parameters — values,
// ranges, routes naming members — with host/channels, which owns their
// rules, and reports each problem at the parameter's value (the block's
// header when it has none). rosterOK false skips the route-name checks,
// since a roster that failed to decode would make them wrong.
func channelDiags(suite *config.Suite, rosterOK bool) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, name := range slices.Sorted(maps.Keys(suite.Swarms)) {
		sw := suite.Swarms[name]
		for _, ch := range sw.Channels {
			var probs []channels.Problem
			switch {
			case ch == nil:
				continue
			case ch.Type == config.ChannelMessages:
				var roster []string
				if rosterOK {
					roster = []string{}
					for _, e := range sw.Roster {
						roster = append(roster, e.Name)
					}
				}
				_, probs = channels.ParseMessages(ch.Params, roster)
			case ch.Type == config.ChannelSharedMemory:
				_, probs = channels.ParseSharedMemory(ch.Params)
			}
			for _, p := range probs {
				subject := ch.DefRange
				if r, ok := ch.ParamRanges[p.Param]; ok {
					subject = r
				}
				diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: p.Summary, Detail: p.Detail,
					Subject: subject.Ptr()})
			}
		}
	}
	return diags
}
