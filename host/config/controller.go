package config

import (
	"encoding/json"
	"time"

	"github.com/hashicorp/hcl/v2"
)

// Controller is a swarm's `controller "<plugin>"` block: its body is the
// controller plugin's config, except the host's meta-argument
// `call_timeout`, which is removed first.
type Controller struct {
	// Plugin is the controller plugin's name (the block label).
	Plugin string `json:"plugin"`
	// Config is the decoded body as the plugin receives it.
	Config json.RawMessage `json:"config"`
	// Implicit is true when the swarm has no controller block and this is
	// the default leaderless controller.
	Implicit bool `json:"implicit,omitempty"`
	// Timeout bounds each controller call (`call_timeout`; 0 takes
	// DefaultCallTimeout); a call that does not answer in time is a
	// controller error.
	Timeout  time.Duration `json:"call_timeout,omitempty"`
	DefRange hcl.Range     `json:"-"`
}

// controller decodes the controller block b, or the default `controller
// "leaderless" {}` (decoded against leaderless's schema so its defaults
// apply) when b is nil; swarmRange stands in for the absent block.
func (d *decoder) controller(b *hcl.Block, swarmRange hcl.Range) *Controller {
	if b == nil {
		c := &Controller{Plugin: DefaultController, Implicit: true, DefRange: swarmRange}
		c.Config = d.pluginConfig(PluginRef{Kind: KindController, Name: c.Plugin}, emptyBody(swarmRange), swarmRange, swarmRange)
		return c
	}
	c := &Controller{Plugin: b.Labels[0], DefRange: b.DefRange}
	if !d.pluginName(c.Plugin, b.LabelRanges[0]) {
		return c
	}
	meta, rest, diags := b.Body.PartialContent(controllerMetaSchema)
	d.diags = append(d.diags, diags...)
	c.Timeout = d.timeout(meta.Attributes[CallTimeoutAttr])
	c.Config = d.pluginConfig(PluginRef{Kind: KindController, Name: c.Plugin}, rest, b.DefRange, b.LabelRanges[0])
	return c
}
