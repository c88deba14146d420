package channels

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// AddressAll addresses every other running member.
const AddressAll = "all"

// parseRoutes accepts an object from sender to its allowed recipients (a
// name or a list; "all" allows every other member), e.g.
// routes = { lead = ["all"], "worker-1" = ["lead"] }. A sender not listed may
// send to no one. Every name must be on the roster.
func parseRoutes(c *Messages, raw json.RawMessage, roster []string) *Problem {
	var obj map[string]json.RawMessage
	if json.Unmarshal(raw, &obj) != nil {
		return InvalidValue("routes", `routes must be an object from sender to allowed recipients, like { lead = ["all"], "worker-1" = ["lead"] }; got %s.`, raw)
	}
	routes := map[string][]string{}
	for _, from := range slices.Sorted(maps.Keys(obj)) {
		to, ok := names(obj[from])
		if !ok {
			return InvalidValue("routes", "the recipients of %q must be a member name or a list of names; got %s.", from, obj[from])
		}
		if p := unknownNames(from, to, roster); p != nil {
			return p
		}
		routes[from] = to
	}
	c.Routes = routes
	return nil
}

// names decodes a string or a list of strings.
func names(raw json.RawMessage) ([]string, bool) {
	var one string
	if json.Unmarshal(raw, &one) == nil {
		return []string{one}, true
	}
	var list []string
	return list, json.Unmarshal(raw, &list) == nil
}

// unknownNames reports the first name of a route that is not on the roster;
// a nil roster skips the check.
func unknownNames(from string, to, roster []string) *Problem {
	if roster == nil {
		return nil
	}
	if !slices.Contains(roster, from) {
		return unknownMember(from, roster, false)
	}
	for _, n := range to {
		if n != AddressAll && !slices.Contains(roster, n) {
			return unknownMember(n, roster, true)
		}
	}
	return nil
}

func unknownMember(name string, roster []string, recipient bool) *Problem {
	valid := strings.Join(roster, ", ")
	if recipient {
		valid += `, or "all"`
	}
	return &Problem{Summary: "Route names an unknown member",
		Detail: fmt.Sprintf("%q is not on the swarm's roster; valid names are %s.", name, valid)}
}
