package swarm

import (
	"fmt"
	"strconv"
	"strings"
)

// PreambleFields are the placeholders a preamble template may use, each
// written {name}: {member} the member's name, {role} its role ("" when
// none), {size} the roster size, {split} the budget-split sentence,
// {sandbox} the own-sandbox sentence, {channels} the channels'
// instructions (blank-line separated) and {default} the whole default
// preamble.
var PreambleFields = []string{"member", "role", "size", "split", "sandbox", "channels", "default"}

// preamble is the host-written text added after a member's input as one
// user message, as Inspect Swarm places it (SPEC §15). It never contains
// member-written text.
func (r *runtime) preamble(m Member) string {
	if r.spec.Preamble != nil {
		return r.spec.Preamble(m, len(r.spec.Members))
	}
	p := Preamble{Member: m, Size: len(r.spec.Members), Split: r.splitSentence(m),
		OwnSandbox: m.Sandbox != "", SharedDirectory: r.spec.SharedDirectory}
	if r.spec.Channels != nil {
		p.Channels = r.spec.Channels(m)
	}
	if r.spec.PreambleTemplate != "" {
		return p.Fill(r.spec.PreambleTemplate)
	}
	return p.Text()
}

// Preamble is what a member's preamble says: the same information, in the
// same cases, as Inspect Swarm's, in swarmhost's own words.
type Preamble struct {
	Member Member
	// Size is the roster size.
	Size int
	// Split is the budget-split sentence ("" for none).
	Split string
	// OwnSandbox says the member works in a sandbox of its own;
	// SharedDirectory that a directory in it is shared (the filesystem
	// channel beside per-member sandboxes).
	OwnSandbox, SharedDirectory bool
	// Channels are the channels' instructions, in order.
	Channels []string
}

// Text is the default preamble: who the member is (or that it is the
// only agent), its role, the split, its own sandbox, then each channel's
// instructions, one paragraph each.
func (p Preamble) Text() string {
	parts := []string{p.who()}
	if p.Member.Role != "" {
		parts = append(parts, "Your role is "+p.Member.Role+".")
	}
	for _, s := range []string{p.Split, p.sandbox()} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	parts = append(parts, p.Channels...)
	return strings.Join(parts, "\n\n")
}

// Fill replaces the template's placeholders (see PreambleFields).
func (p Preamble) Fill(template string) string {
	return strings.NewReplacer("{member}", p.Member.Name, "{role}", p.Member.Role, "{size}", strconv.Itoa(p.Size),
		"{split}", p.Split, "{sandbox}", p.sandbox(), "{channels}", strings.Join(p.Channels, "\n\n"),
		"{default}", p.Text()).Replace(template)
}

func (p Preamble) who() string {
	if p.Size == 1 {
		return fmt.Sprintf("You are %s, and no other agent works in this swarm: you are its only member.", p.Member.Name)
	}
	return fmt.Sprintf("You are %s. A swarm of %d agents works on this task at once, and you are one of them.",
		p.Member.Name, p.Size)
}

func (p Preamble) sandbox() string {
	switch {
	case !p.OwnSandbox:
		return ""
	case p.SharedDirectory:
		return "Your sandbox is yours alone; the other members cannot reach it, apart from the shared directory described below."
	}
	return "Your sandbox is yours alone; the other members cannot reach it."
}

// splitSentence states how the budget is split, as Inspect Swarm does:
// nothing for a swarm of one or without caps; the pool; an equal split; or
// the member's percentage of fixed shares. Callers need not hold r.mu
// (caps are fixed at start).
func (r *runtime) splitSentence(m Member) string {
	c := r.caps
	if len(r.members) == 1 || (c.Tokens == nil && c.Cost == nil && c.Time == nil) {
		return ""
	}
	b := r.spec.Budget
	weights := b.weights(len(r.members))
	if len(weights) == 0 {
		return "Every member spends from one budget shared by the whole swarm."
	}
	var kinds []string
	if c.Cost != nil {
		kinds = append(kinds, "cost")
	}
	if c.Tokens != nil {
		kinds = append(kinds, "token")
	}
	what := strings.Join(kinds, " and ")
	if b.Split == SplitEqual {
		return fmt.Sprintf("The swarm's %s budget is divided equally among the members; once your part is spent, you stop.", what)
	}
	var total float64
	for _, w := range weights {
		total += w
	}
	pct := strconv.FormatFloat(weights[r.byName[m.Name].index]/total*100, 'g', 3, 64)
	return fmt.Sprintf("The swarm's %s budget is divided among the members in fixed parts; yours is %s%% of it, and once it is spent, you stop.", what, pct)
}
