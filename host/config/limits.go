package config

import (
	"fmt"
	"slices"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/swarmhost/swarmhost/host/internal/tokenmeter"
)

// Limits are soft stopping rules (SPEC §6): a task's per-sample limits or a
// member's own limits. nil means no limit.
type Limits struct {
	Tokens *int64 `json:"tokens,omitempty"`
	// TokensMetering is what Tokens meters when the suite wrote it as a
	// token limit string ("output:1000": MeterOutput; "all:…": MeterTotal;
	// a formula as written); "" for a number, which meters as the task's
	// token_metering says.
	TokensMetering string         `json:"tokens_metering,omitempty"`
	Cost           *float64       `json:"cost,omitempty"` // US dollars
	Time           *time.Duration `json:"time,omitempty"`
	Messages       *int64         `json:"messages,omitempty"`
	Turns          *int64         `json:"turns,omitempty"`
	// DefRange is the limits block (zero when absent).
	DefRange hcl.Range `json:"-"`
	// Ranges holds the range of each limit that is set, by attribute name,
	// for errors about a limit (e.g. a derived cap ≤ 0).
	Ranges map[string]hcl.Range `json:"-"`
}

// Token metering modes: which tokens count against token limits and caps.
const (
	// MeterTotal counts input plus output tokens (the default).
	MeterTotal = "total"
	// MeterOutput counts output tokens only.
	MeterOutput = "output"
	// MeterInspect counts Inspect's way: input includes cache reads and writes.
	MeterInspect = "inspect"
)

// TaskLimits are a task's `limits` block: per-sample [Limits] plus
// `token_metering` (MeterTotal, MeterOutput or MeterInspect; default total),
// which applies to every token count of the sample: task limit, swarm cap,
// shares and member limits.
type TaskLimits struct {
	Limits
	TokenMetering string `json:"token_metering"`
}

var memberLimitsSchema = &hcl.BodySchema{Attributes: []hcl.AttributeSchema{
	{Name: "tokens"}, {Name: "cost"}, {Name: "time"}, {Name: "messages"}, {Name: "turns"},
}}

var taskLimitsSchema = &hcl.BodySchema{Attributes: slices.Concat(memberLimitsSchema.Attributes,
	[]hcl.AttributeSchema{{Name: "token_metering"}})}

// limits decodes a member limits block (nil when absent).
func (d *decoder) limits(b *hcl.Block) Limits {
	if b == nil {
		return Limits{}
	}
	return d.limitsFrom(d.content(b.Body, memberLimitsSchema), b.DefRange)
}

// taskLimits decodes a task limits block (nil when absent).
func (d *decoder) taskLimits(b *hcl.Block) TaskLimits {
	t := TaskLimits{TokenMetering: MeterTotal}
	if b == nil {
		return t
	}
	c := d.content(b.Body, taskLimitsSchema)
	t.Limits = d.limitsFrom(c, b.DefRange)
	if m, ok := d.enum(c.Attributes["token_metering"], MeterTotal, MeterOutput, MeterInspect); ok {
		t.TokenMetering = m
	}
	return t
}

// limitsFrom reads the five limits from decoded content.
func (d *decoder) limitsFrom(c *hcl.BodyContent, def hcl.Range) Limits {
	l := Limits{DefRange: def, Ranges: map[string]hcl.Range{}}
	for name, a := range c.Attributes {
		l.Ranges[name] = a.Expr.Range()
	}
	l.Tokens, l.TokensMetering, _ = d.tokenLimit(c.Attributes["tokens"])
	if f, ok := d.positive(c.Attributes["cost"]); ok {
		l.Cost = &f
	}
	if t, ok := d.duration(c.Attributes["time"], time.Millisecond); ok {
		l.Time = &t
	}
	l.Messages = d.optWhole(c.Attributes["messages"])
	l.Turns = d.optWhole(c.Attributes["turns"])
	return l
}

// tokenLimit decodes a token limit or cap: a whole number ≥ 1, or a
// string as Inspect's parse_token_limit() reads it ("output:1000", "1.5k",
// "(input*0.1)+output:1m"), which also says what it meters (see
// Limits.TokensMetering) and is returned as text.
func (d *decoder) tokenLimit(a *hcl.Attribute) (n *int64, metering, text string) {
	if a == nil {
		return nil, "", ""
	}
	v, diags := a.Expr.Value(d.ctx)
	if diags.HasErrors() || v.IsNull() || !v.IsWhollyKnown() || v.Type() != cty.String {
		return d.optWhole(a), "", ""
	}
	text = v.AsString()
	tokens, m, err := tokenmeter.Parse(text)
	switch {
	case err != nil:
		d.report(errorf(a.Expr.Range(), fmt.Sprintf("Invalid value for %q", a.Name),
			"%s is a whole number or a token limit as Inspect writes one, [<type>:]<number>[k|m|b] (\"output:1000\", \"1.5k\"): %s.",
			a.Name, err))
		return nil, "", ""
	case tokens < 1:
		d.report(errorf(a.Expr.Range(), fmt.Sprintf("Invalid value for %q", a.Name), "%s must be at least 1; got %q.", a.Name, text))
		return nil, "", ""
	}
	if m == tokenmeter.All {
		m = MeterTotal
	}
	return &tokens, m, text
}

// optWhole decodes an optional whole number ≥ 1.
func (d *decoder) optWhole(a *hcl.Attribute) *int64 {
	if n, ok := d.whole(a, 1); ok {
		return &n
	}
	return nil
}
