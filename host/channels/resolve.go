package channels

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/swarmhost/swarmhost/host/swarm"
)

// resolve turns the addresses into recipients in roster order: each name
// must be another member that is running and that the routes allow; "all"
// is every other running member the routes allow. Any bad address rejects
// the whole send. Callers hold b.mu.
func (b *Bus) resolve(sender *member, to []string) ([]string, string, string) {
	if len(to) == 0 {
		return nil, RuleNoRecipients, `no recipient: "to" must be a member's name, a list of names, or "all"`
	}
	chosen := map[*member]bool{}
	for _, addr := range to {
		if addr == AddressAll {
			for _, m := range b.roster {
				if m != sender && m.state == swarm.StateRunning && b.cfg.allows(sender.Name, m.Name) {
					chosen[m] = true
				}
			}
			continue
		}
		if rule, reason := b.address(sender, addr); rule != "" {
			return nil, rule, reason
		}
		chosen[b.byName[addr]] = true
	}
	if len(chosen) == 0 {
		return nil, RuleNoRecipients, "no other running member you may send to"
	}
	members := slices.SortedFunc(maps.Keys(chosen), func(a, b *member) int { return a.index - b.index })
	out := make([]string, len(members))
	for i, m := range members {
		out[i] = m.Name
	}
	return out, "", ""
}

// address checks one named recipient. Callers hold b.mu.
func (b *Bus) address(sender *member, name string) (string, string) {
	m := b.byName[name]
	switch {
	case m == nil:
		return RuleUnknownAddress, fmt.Sprintf("unknown address %q: valid names are %s", name, b.validNames(sender))
	case m == sender:
		return RuleSelf, "you cannot send a message to yourself"
	case m.state == swarm.StatePending:
		return RuleNotStarted, name + " has not started"
	case m.state == swarm.StateEnded:
		return RuleEnded, name + " has ended and will not read messages"
	case !b.cfg.allows(sender.Name, name):
		return RuleRoute, fmt.Sprintf("no route from %s to %s: %s", sender.Name, name, b.routesOf(sender))
	}
	return "", ""
}

// validNames lists the addresses a sender may use: the other members and "all".
func (b *Bus) validNames(sender *member) string {
	var names []string
	for _, m := range b.roster {
		if m != sender {
			names = append(names, m.Name)
		}
	}
	return strings.Join(append(names, `"all"`), ", ")
}

// routesOf says whom the routes let a sender message.
func (b *Bus) routesOf(sender *member) string {
	var names []string
	for _, m := range b.roster {
		if m != sender && b.cfg.allows(sender.Name, m.Name) {
			names = append(names, m.Name)
		}
	}
	if len(names) == 0 {
		return "you may not send messages"
	}
	return "you may send to " + strings.Join(slices.Clip(names), ", ")
}
