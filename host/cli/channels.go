package cli

import (
	"maps"
	"slices"
	"strconv"

	"github.com/hashicorp/hcl/v2"

	"github.com/swarmhost/swarmhost/host/channels"
	"github.com/swarmhost/swarmhost/host/channels/board"
	"github.com/swarmhost/swarmhost/host/config"
)

// channelDiags checks every swarm's messages and shared_memory channel parameters — values,
// ranges, routes naming members, the member names the board can use — with
// host/channels, which owns their rules, and reports each problem at the
// parameter's value (the block's header when it has none; a member's name).
// rosterOK false skips the checks of names, since a roster that failed to
// decode would make them wrong.
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
				_, probs = board.ParseConfig(ch.Params)
				if rosterOK {
					diags = append(diags, boardNameDiags(sw)...)
				}
			}
			diags = append(diags, problemDiags(ch, probs)...)
		}
	}
	return append(diags, filesystemDiags(suite)...)
}

// boardNameDiags reports each roster name of sw the shared_memory channel
// cannot use, at the member's name (its block header when defaulted).
func boardNameDiags(sw *config.Swarm) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, e := range sw.Roster {
		if p := board.CheckMember(e.Name); p != nil {
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: p.Summary, Detail: p.Detail,
				Subject: e.Member.NameRange.Ptr()})
		}
	}
	return diags
}

// filesystemDiags checks each eval's filesystem channel parameters with
// host/channels, against the eval's task (its sandboxes decide whether the
// shared directory is a shared volume), once per swarm and sandbox kind.
func filesystemDiags(suite *config.Suite) hcl.Diagnostics {
	var diags hcl.Diagnostics
	seen := map[string]bool{}
	for _, e := range suite.Evals {
		t, sw := suite.Tasks[e.Task], suite.Swarms[e.Swarm]
		if t == nil || sw == nil {
			continue
		}
		perMember := t.Sandbox != nil && t.Sandbox.PerMember
		for _, ch := range sw.Channels {
			key := sw.Name + "/" + strconv.FormatBool(perMember)
			if ch == nil || ch.Type != config.ChannelFilesystem || seen[key] {
				continue
			}
			seen[key] = true
			_, probs := channels.ParseFilesystem(ch.Params, perMember)
			diags = append(diags, problemDiags(ch, probs)...)
		}
	}
	return diags
}

// problemDiags reports each problem at its parameter's value (the block's
// header when it has none).
func problemDiags(ch *config.Channel, probs []channels.Problem) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, p := range probs {
		subject := ch.DefRange
		if r, ok := ch.ParamRanges[p.Param]; ok {
			subject = r
		}
		diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: p.Summary, Detail: p.Detail,
			Subject: subject.Ptr()})
	}
	return diags
}
