package config

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"github.com/hashicorp/hcl/v2"
)

// Channel types (SPEC §7).
const (
	ChannelFilesystem = "filesystem"
	ChannelMessages   = "messages"
	// ChannelSharedMemory is inspect-swarm's board of files.
	ChannelSharedMemory = "shared_memory"
)

// channelParams are the parameters each channel type accepts. Their values
// are the bus's to check and default; config only rejects unknown names.
var channelParams = map[string][]string{
	ChannelFilesystem:   {"shared", "notes", "scratch", "shared_volume"},
	ChannelMessages:     {"delivery", "max_bytes", "max_unread", "rate", "dedupe", "max_wait", "routes"},
	ChannelSharedMemory: {"max_files", "max_file_bytes", "max_file_lines", "max_board_bytes", "rate", "max_wait"},
}

// Channel is one channel of a swarm, host-owned.
//
// Which channels a swarm has: with `channels = [...]` exactly the listed
// types, in that order (`channels = []`: none, the single-agent baseline),
// and every `channel "<type>"` block must configure a listed type. Without
// it, "filesystem" followed by one channel per `channel` block, in order (a
// `channel "filesystem"` block configures the first).
type Channel struct {
	Type string `json:"type"`
	// Params are the block's attributes as a JSON object ("{}" without a
	// block); defaults are left to the bus.
	Params json.RawMessage `json:"params"`
	// DefRange is the channel block, or the channels attribute / swarm
	// header for a channel without a block.
	DefRange hcl.Range `json:"-"`
	// ParamRanges are the value ranges of the block's attributes, by name,
	// for diagnostics on values (host/channels checks them).
	ParamRanges map[string]hcl.Range `json:"-"`
}

// channels decodes the channels attribute and the channel blocks.
func (d *decoder) channels(list *hcl.Attribute, blocks []*hcl.Block) []*Channel {
	byType, order := d.channelBlocks(blocks)
	if list == nil {
		out := []*Channel{{Type: ChannelFilesystem, Params: json.RawMessage("{}")}}
		if c := byType[ChannelFilesystem]; c != nil {
			out[0] = c
		}
		for _, t := range order {
			if t != ChannelFilesystem {
				out = append(out, byType[t])
			}
		}
		return out
	}
	return d.listedChannels(list, byType, order)
}

// listedChannels builds the channels named by `channels = [...]`.
func (d *decoder) listedChannels(list *hcl.Attribute, byType map[string]*Channel, order []string) []*Channel {
	names, _ := d.strList(list)
	out := []*Channel{}
	seen := namedSet{}
	for _, t := range names {
		if _, dup := seen[t]; dup {
			d.report(errorf(list.Expr.Range(), fmt.Sprintf("Channel %q listed twice", t), "List each channel type once."))
			continue
		}
		if !d.channelType(t, list.Expr.Range()) {
			continue
		}
		seen[t] = list.Expr.Range()
		c := byType[t]
		if c == nil {
			c = &Channel{Type: t, Params: json.RawMessage("{}"), DefRange: list.Expr.Range()}
		}
		out = append(out, c)
	}
	for _, t := range order {
		if _, ok := seen[t]; !ok {
			d.report(errorf(byType[t].DefRange, fmt.Sprintf("Channel %q is not listed", t),
				"The swarm's channels list does not include %q; add it to the list or remove this block.", t))
		}
	}
	return out
}

// channelBlocks decodes the channel blocks by type (in first-seen order).
func (d *decoder) channelBlocks(blocks []*hcl.Block) (map[string]*Channel, []string) {
	byType := map[string]*Channel{}
	var order []string
	seen := namedSet{}
	for _, b := range blocks {
		t := b.Labels[0]
		if !d.channelType(t, b.LabelRanges[0]) || d.reportDup(seen.add("channel", t, b.DefRange)) {
			continue
		}
		schema := &hcl.BodySchema{}
		for _, p := range channelParams[t] {
			schema.Attributes = append(schema.Attributes, hcl.AttributeSchema{Name: p})
		}
		c := d.content(b.Body, schema)
		ranges := map[string]hcl.Range{}
		for name, a := range c.Attributes {
			ranges[name] = a.Expr.Range()
		}
		byType[t] = &Channel{Type: t, Params: d.attrObject(c.Attributes), DefRange: b.DefRange, ParamRanges: ranges}
		order = append(order, t)
	}
	return byType, order
}

// channelType checks a channel type name written at r.
func (d *decoder) channelType(t string, r hcl.Range) bool {
	if _, ok := channelParams[t]; ok {
		return true
	}
	d.report(errorf(r, fmt.Sprintf("Unknown channel type %q", t), "Channel types are %s.",
		quoteList(slices.Sorted(maps.Keys(channelParams)))))
	return false
}

// reportDup reports a non-nil duplicate diagnostic and says whether there was one.
func (d *decoder) reportDup(diag *hcl.Diagnostic) bool {
	d.report(diag)
	return diag != nil
}
