package config

import (
	"github.com/hashicorp/hcl/v2"
)

// Swarm is a `swarm "<name>"` block: the solver (SPEC §5).
type Swarm struct {
	Name string `json:"name"`
	// Members are the member blocks in declaration order (dynamic ones
	// expanded); Roster is their count-expanded roster.
	Members []*Member     `json:"members"`
	Roster  []RosterEntry `json:"roster"`
	// Controller is never nil after a successful Decode: without a block it
	// is the leaderless controller with its schema's defaults.
	Controller *Controller `json:"controller"`
	// Channels in order (see [Channel] for the defaulting rule).
	Channels []*Channel `json:"channels"`
	// Budget, with defaults applied when the block is absent.
	Budget Budget `json:"budget"`
	// ContainMemberErrors (`contain_member_errors = true`) keeps a member's
	// error to that member, which ends "errored" while the swarm goes on.
	// Off by default: as in Inspect Swarm, a member that errors ends the
	// sample in error (the others cancelled, no answer, not scored).
	ContainMemberErrors bool `json:"contain_member_errors,omitempty"`
	// Preamble (`preamble = "..."`) replaces the default preamble with a
	// template; its placeholders are swarm.PreambleFields, written
	// {member}, {role}, {size}, {split}, {sandbox}, {channels}, {default}.
	Preamble string    `json:"preamble,omitempty"`
	DefRange hcl.Range `json:"-"`
}

var swarmSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{{Name: "channels"}, {Name: "contain_member_errors"}, {Name: "preamble"}},
	Blocks: []hcl.BlockHeaderSchema{
		{Type: "member", LabelNames: []string{"agent"}},
		{Type: "controller", LabelNames: []string{"plugin"}},
		{Type: "channel", LabelNames: []string{"type"}},
		{Type: "budget"},
	},
}

// swarm decodes one swarm block.
func (d *decoder) swarm(b *hcl.Block) *Swarm {
	s := &Swarm{Name: b.Labels[0], DefRange: b.DefRange, Members: []*Member{}}
	c := d.content(d.expand(b), swarmSchema)
	members := ofType(c.Blocks, "member")
	if len(members) == 0 {
		d.report(errorAt(b.DefRange, "Swarm without members", `A swarm needs at least one member "<agent plugin>" block.`))
	}
	for _, mb := range members {
		if m := d.member(mb); m != nil {
			s.Members = append(s.Members, m)
		}
	}
	size := rosterSize(s.Members, len(members))
	s.Roster = d.roster(s.Members)
	s.Controller = d.controller(d.single(c.Blocks, "controller"), b.DefRange)
	s.Channels = d.channels(c.Attributes["channels"], ofType(c.Blocks, "channel"))
	s.Budget = d.budget(d.single(c.Blocks, "budget"), size)
	s.ContainMemberErrors, _ = d.boolean(c.Attributes["contain_member_errors"])
	s.Preamble = d.preamble(c.Attributes["preamble"])
	return s
}

// rosterSize is the intended roster size (the sum of the counts), or -1 when
// a member block failed to decode, so that checks against the size do not
// repeat an error already reported.
func rosterSize(members []*Member, blocks int) int {
	if len(members) != blocks {
		return -1
	}
	n := 0
	for _, m := range members {
		if m.Count == 0 {
			return -1
		}
		n += int(m.Count)
	}
	return n
}
