package config

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// RosterEntry is one running member of a swarm after count expansion
// (SPEC §5). The roster's order — members in declaration order, copies in
// index order — breaks every tie at run time.
type RosterEntry struct {
	// Name is the member's roster name: Member.Name when Count is 1, else
	// Member.Name-Index; a default name that repeats in the roster is
	// numbered across it (see roster).
	Name string
	// Index is the 1-based copy number within its member block.
	Index int
	// Member is the block the entry comes from.
	Member *Member
}

// MarshalJSON writes the entry with its member's plugin instead of the
// whole member.
func (r RosterEntry) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Name   string `json:"name"`
		Index  int    `json:"index"`
		Plugin string `json:"plugin"`
	}{r.Name, r.Index, r.Member.Plugin})
}

// reservedNames cannot be roster names: "all" and "swarm" are channel
// addresses, and "init", "solvers" and "scorers" are the phases Inspect's
// timelines read from span names (Inspect Swarm refuses them too).
var reservedNames = []string{"all", "swarm", "init", "solvers", "scorers"}

// maxNameLen bounds a roster name (it names a sandbox directory and a span).
const maxNameLen = 128

// roster expands the members' counts and checks the names, as Inspect
// Swarm names members: a block with count k > 1 is name-1 … name-k; names
// left at their default (the plugin's name) that more than one member of
// the roster would have are numbered across the whole roster, in roster
// order; names given with `name` are never renumbered.
func (d *decoder) roster(members []*Member) []RosterEntry {
	defaults := map[string]int64{}
	for _, m := range members {
		if m.NameDefaulted {
			defaults[m.Name] += m.Count
		}
	}
	numbered := map[string]int{}
	roster := []RosterEntry{}
	seen := map[string]*Member{}
	for _, m := range members {
		for i := 1; int64(i) <= m.Count; i++ {
			name := m.Name
			switch {
			case m.NameDefaulted && defaults[m.Name] > 1:
				numbered[m.Name]++
				name = fmt.Sprintf("%s-%d", m.Name, numbered[m.Name])
			case m.Count > 1:
				name = fmt.Sprintf("%s-%d", m.Name, i)
			}
			if !d.rosterName(name, m, seen) {
				break
			}
			seen[name] = m
			roster = append(roster, RosterEntry{Name: name, Index: i, Member: m})
		}
	}
	return roster
}

// validName reports whether name can be a roster name: 1 to maxNameLen
// characters, no '/' or '#' (Inspect Swarm's rule: the name scopes tool
// state), no control characters, and not "." or ".." (it names a
// directory).
func validName(name string) bool {
	if name == "" || len(name) > maxNameLen || name == "." || name == ".." || strings.ContainsAny(name, "/#") {
		return false
	}
	for _, r := range name {
		if r < 0x20 || r == 0x7f {
			return false
		}
	}
	return true
}

// rosterName checks one expanded name; false stops the member's expansion
// (its other copies would repeat the error).
func (d *decoder) rosterName(name string, m *Member, seen map[string]*Member) bool {
	switch {
	case isReserved(name):
		d.report(errorf(m.NameRange, fmt.Sprintf("Reserved member name %q", name),
			`"all", "swarm" and names starting with "role:" are channel addresses, and "init", "solvers" and "scorers" `+
				`are the phases of Inspect's timelines; choose another name.`))
	case !validName(name):
		d.report(errorf(m.NameRange, fmt.Sprintf("Invalid member name %q", name),
			"Member names are 1 to %d characters, without '/', '#' or control characters, and not \".\" or \"..\"%s.",
			maxNameLen, countHint(m)))
	case seen[name] != nil:
		d.report(errorf(m.NameRange, fmt.Sprintf("Duplicate member name %q", name),
			"The member at %s already has the roster name %q; names must be unique after count expansion.", seen[name].DefRange, name))
	default:
		return true
	}
	return false
}

// isReserved reports a reserved roster name.
func isReserved(name string) bool {
	return slices.Contains(reservedNames, name) || strings.HasPrefix(name, "role:")
}

// countHint explains the suffix when count expansion made a name too long.
func countHint(m *Member) string {
	if m.Count > 1 {
		return fmt.Sprintf(" (with count = %d, names get a suffix \"-N\")", m.Count)
	}
	return ""
}
