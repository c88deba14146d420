package config

import (
	"encoding/json"
	"slices"

	"github.com/hashicorp/hcl/v2"
)

// Isolation modes of a member's agent plugin process (DESIGN: one process per
// plugin binary per run unless a member asks for its own).
const (
	IsolationProcess = "process"
	IsolationMember  = "member"
)

// MaxCount bounds a member block's count, to keep a typo (an extra digit or
// three) from starting a runaway swarm. It is high enough for the scale
// research swarms do: the host runs 10 000 members in one sample with one
// plugin process per binary (see BENCHMARKS.md), so the bound is set an
// order of magnitude above that.
const MaxCount = 100000

// Member is a `member "<agent plugin>"` block. Its host attributes are
// fields; its plugin config is the nested `config` block.
type Member struct {
	// Plugin is the agent plugin's name (the block label).
	Plugin string `json:"plugin"`
	// Name is the roster base name (default: Plugin); Count copies are
	// named Name-1…Name-Count when Count > 1 (see [RosterEntry]).
	Name  string `json:"name"`
	Count int64  `json:"count"`
	// Role is free text shown in the preamble; "" = none (null in records).
	Role string `json:"role,omitempty"`
	// Model is the name of the model the member calls: the `model`
	// reference, else the model named "default" when there is one, else "".
	Model  string `json:"model,omitempty"`
	Limits Limits `json:"limits"`
	// Tools lists the tools the member may use; nil = the host's default
	// set, empty = none.
	Tools []string `json:"tools"`
	// Isolation is IsolationProcess (default) or IsolationMember.
	Isolation string `json:"isolation"`
	// Delivery is the member's notice mode on the shared_memory channel:
	// "notify" (default, "" here) or "poll" (no notices).
	Delivery string `json:"delivery,omitempty"`
	// Sandbox names the member's own sandbox ("" shares the sample's);
	// {member} stands for the roster name (see [MemberSandbox]).
	// VisibleSandboxes are services its tools may also reach by name.
	Sandbox          string   `json:"sandbox,omitempty"`
	VisibleSandboxes []string `json:"visible_sandboxes,omitempty"`
	// Config is the `config` block decoded against the agent's schema (an
	// absent block decodes as empty, so defaults apply).
	Config json.RawMessage `json:"config"`
	// DefRange is the block header; NameRange the name attribute, or the
	// label when the name defaults; ModelRange the model attribute (DefRange
	// when defaulted).
	DefRange   hcl.Range `json:"-"`
	NameRange  hcl.Range `json:"-"`
	ModelRange hcl.Range `json:"-"`
	// NameDefaulted says Name is the plugin's name (no `name` attribute):
	// default names that repeat are numbered across the roster.
	NameDefaulted bool `json:"-"`
	// SandboxRange and VisibleRange are those attributes' values.
	SandboxRange hcl.Range `json:"-"`
	VisibleRange hcl.Range `json:"-"`
}

var memberSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{
		{Name: "name"}, {Name: "count"}, {Name: "role"}, {Name: "model"}, {Name: "tools"}, {Name: "isolation"},
		{Name: "delivery"},
		{Name: "sandbox"}, {Name: "visible_sandboxes"},
	},
	Blocks: []hcl.BlockHeaderSchema{{Type: "limits"}, {Type: "config"}},
}

// member decodes one member block; nil when its plugin name is invalid.
func (d *decoder) member(b *hcl.Block) *Member {
	m := &Member{Plugin: b.Labels[0], Name: b.Labels[0], Count: 1, Isolation: IsolationProcess,
		DefRange: b.DefRange, NameRange: b.LabelRanges[0], ModelRange: b.DefRange, NameDefaulted: true}
	if !d.pluginName(m.Plugin, b.LabelRanges[0]) {
		return nil
	}
	c := d.content(b.Body, memberSchema)
	if a := c.Attributes["name"]; a != nil {
		m.NameRange, m.NameDefaulted = a.Expr.Range(), false
		m.Name, _ = d.str(a)
	}
	if n, ok := d.whole(c.Attributes["count"], 1); ok {
		m.Count = d.capCount(n, c.Attributes["count"])
	} else if c.Attributes["count"] != nil {
		m.Count = 0
	}
	m.Role, _ = d.str(c.Attributes["role"])
	m.Model = d.memberModel(c.Attributes["model"], m)
	if tools, ok := d.strList(c.Attributes["tools"]); ok {
		m.Tools = tools
	}
	if iso, ok := d.enum(c.Attributes["isolation"], IsolationProcess, IsolationMember); ok {
		m.Isolation = iso
	}
	m.Delivery, _ = d.enum(c.Attributes["delivery"], "notify", "poll")
	d.memberSandbox(m, c.Attributes)
	m.Limits = d.limits(d.single(c.Blocks, "limits"))
	m.Config = d.memberConfig(d.single(c.Blocks, "config"), m, b.LabelRanges[0])
	return m
}

// capCount enforces MaxCount.
func (d *decoder) capCount(n int64, a *hcl.Attribute) int64 {
	if n > MaxCount {
		d.report(errorf(a.Expr.Range(), `Invalid value for "count"`, "count must be at most %d; got %d.", MaxCount, n))
		return 0
	}
	return n
}

// memberModel resolves the model reference, or the default model.
func (d *decoder) memberModel(a *hcl.Attribute, m *Member) string {
	if a != nil {
		m.ModelRange = a.Expr.Range()
		return d.reference(a, "model", d.p.defs.models)
	}
	if slices.Contains(blockNames(d.p.defs.models), "default") {
		return "default"
	}
	return ""
}

// memberConfig decodes the config block (or an empty one) against the
// agent's schema.
func (d *decoder) memberConfig(b *hcl.Block, m *Member, label hcl.Range) json.RawMessage {
	body, r := emptyBody(m.DefRange), m.DefRange
	if b != nil {
		body, r = b.Body, b.DefRange
	}
	return d.pluginConfig(PluginRef{Kind: KindAgent, Name: m.Plugin}, body, r, label)
}
