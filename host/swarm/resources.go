package swarm

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/swarmhost/swarmhost/host/internal/tokenmeter"
	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// ToolResources is the tool that reports the swarm's budget to the
// member that calls it (Inspect Swarm's swarm_resources).
const ToolResources = "swarm_resources"

// resourcesInfo is swarm_resources' schema: no parameters.
var resourcesInfo = model.ToolInfo{Name: ToolResources,
	Description: "Check the swarm's budget: the caps that stop the swarm, how much of each every member together " +
		"has used, and your own share when the budget is split. One line per cap.",
	Parameters: json.RawMessage(`{"type":"object","properties":{},"required":[],"additionalProperties":false}`)}

// Budget reads the swarm's budget as the member sees it: each cap with the
// swarm's usage, the member's share and its usage when split, and the
// time cap with the seconds since the swarm started.
func (h *memberHost) Budget(context.Context) (agent.Budget, error) {
	r, m := h.r, h.m
	r.mu.Lock()
	defer r.mu.Unlock()
	b := agent.Budget{Split: r.spec.Budget.Split, Weights: r.spec.Budget.Weights, TokenType: tokenType(r.caps.TokensMetering)}
	if b.Split == "" {
		b.Split = SplitPool
	}
	if c := r.caps.Cost; c != nil {
		b.Cost = &agent.BudgetUsage{Cap: *c, Used: r.total.cost}
		if m.shareCost != nil {
			b.Cost.Share, b.Cost.ShareUsed = m.shareCost, ptrFloat(m.acct.cost)
		}
	}
	if c := r.caps.Tokens; c != nil {
		b.Tokens = &agent.BudgetUsage{Cap: float64(*c), Used: float64(Metered(r.caps.TokensMetering, r.total.usage))}
		if m.shareTokens != nil {
			b.Tokens.Share = ptrFloat(float64(*m.shareTokens))
			b.Tokens.ShareUsed = ptrFloat(float64(Metered(r.caps.TokensMetering, m.acct.usage)))
		}
	}
	if c := r.caps.Time; c != nil {
		b.Time = &agent.BudgetUsage{Cap: c.Seconds(), Used: time.Since(r.start).Seconds()}
	}
	return b, nil
}

// tokenType names the token metering as Inspect Swarm does: "all" for
// the total.
func tokenType(metering string) string {
	if metering == "" || metering == MeterTotal || metering == tokenmeter.All {
		return "all"
	}
	return metering
}

func ptrFloat(f float64) *float64 { return &f }

// ResourcesText renders a budget as swarm_resources reports it: for each
// cap the swarm's use and what is left, and the member's share and its use
// when split.
func ResourcesText(b agent.Budget) string {
	tokens := "Tokens"
	if b.TokenType != "all" && b.TokenType != "" {
		tokens = fmt.Sprintf("Tokens (%s)", b.TokenType)
	}
	var lines []string
	lines = append(lines, usageLines("Cost", b.Cost, func(v float64) string { return "$" + grouped(v, 4) })...)
	lines = append(lines, usageLines(tokens, b.Tokens, func(v float64) string { return grouped(v, 0) })...)
	lines = append(lines, usageLines("Time", b.Time, func(v float64) string { return grouped(v, 0) + " seconds" })...)
	if len(lines) == 0 {
		return "The swarm has no cost, token or time cap."
	}
	return strings.Join(lines, "\n")
}

func usageLines(kind string, u *agent.BudgetUsage, show func(float64) string) []string {
	if u == nil {
		return nil
	}
	lines := []string{fmt.Sprintf("%s: the swarm has used %s of its %s cap, leaving %s.",
		kind, show(u.Used), show(u.Cap), show(max(0, u.Cap-u.Used)))}
	if u.Share != nil && u.ShareUsed != nil {
		lines = append(lines, fmt.Sprintf("%s, your share: you have used %s of %s, leaving %s.",
			kind, show(*u.ShareUsed), show(*u.Share), show(max(0, *u.Share-*u.ShareUsed))))
	}
	return lines
}

// grouped formats v with digits places and thousands separated by commas.
func grouped(v float64, digits int) string {
	s := fmt.Sprintf("%.*f", digits, v)
	whole, frac, _ := strings.Cut(s, ".")
	neg := strings.HasPrefix(whole, "-")
	whole = strings.TrimPrefix(whole, "-")
	var b strings.Builder
	for i, c := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	out := b.String()
	if neg {
		out = "-" + out
	}
	if frac != "" {
		out += "." + frac
	}
	return out
}

// resourcesTools adds swarm_resources to a member's tools: what a swarm
// with a cap offers every member.
type resourcesTools struct {
	h     *memberHost
	inner Tools
}

// List returns the member's tools and swarm_resources.
func (t resourcesTools) List() []model.ToolInfo {
	var out []model.ToolInfo
	if t.inner != nil {
		out = append(out, t.inner.List()...)
	}
	return append(out, resourcesInfo)
}

// Call answers swarm_resources, or passes the call on.
func (t resourcesTools) Call(ctx context.Context, call model.ToolCall) (string, *model.ToolError) {
	if call.Function != ToolResources {
		if t.inner == nil {
			return "", &model.ToolError{Type: "unknown", Message: "unknown tool " + call.Function}
		}
		return t.inner.Call(ctx, call)
	}
	b, err := t.h.Budget(ctx)
	if err != nil {
		return "", &model.ToolError{Type: "unknown", Message: err.Error()}
	}
	return ResourcesText(b), nil
}

// offerResources gives every member swarm_resources when the swarm has a
// cap. Called once the caps are set, before any member starts.
func (r *runtime) offerResources() {
	if r.caps.Tokens == nil && r.caps.Cost == nil && r.caps.Time == nil {
		return
	}
	for _, m := range r.members {
		m.spec.Tools = resourcesTools{h: &memberHost{r: r, m: m}, inner: m.spec.Tools}
	}
}

// Interface guard.
var _ agent.BudgetReader = (*memberHost)(nil)
