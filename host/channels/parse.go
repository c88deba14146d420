package channels

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Problem is one bad parameter of a channel block. The caller turns it into
// an HCL diagnostic at the parameter's range (the block's when Param is "").
type Problem struct {
	Param   string
	Summary string
	Detail  string
}

// paramParsers parse each messages parameter into the configuration.
var paramParsers = map[string]func(*Messages, json.RawMessage, []string) *Problem{
	"delivery":   parseDelivery,
	"max_bytes":  parseMaxBytes,
	"max_unread": parseMaxUnread,
	"rate":       parseRate,
	"dedupe":     parseDedupe,
	"max_wait":   parseMaxWait,
	"routes":     parseRoutes,
}

// ParseMessages decodes a `channel "messages"` block's parameters (a JSON
// object, as host/config gives them) over the defaults and checks every
// value and range of SPEC §7. roster is the swarm's member names, used to
// check routes; nil skips that check (the roster failed to decode). A null
// value keeps the default. Problems come in parameter-name order.
func ParseMessages(params json.RawMessage, roster []string) (Messages, []Problem) {
	cfg := DefaultMessages()
	var raw map[string]json.RawMessage
	if len(bytes.TrimSpace(params)) > 0 {
		if err := json.Unmarshal(params, &raw); err != nil {
			return cfg, []Problem{{Summary: "Invalid messages channel", Detail: "The block's parameters must be an object: " + err.Error()}}
		}
	}
	var probs []Problem
	for _, name := range slices.Sorted(maps.Keys(raw)) {
		parse, ok := paramParsers[name]
		if !ok {
			probs = append(probs, Problem{Param: name, Summary: "Unsupported argument",
				Detail: fmt.Sprintf("The messages channel has no parameter %q; its parameters are %s.", name, paramNames())})
			continue
		}
		if string(raw[name]) == "null" {
			continue
		}
		if p := parse(&cfg, raw[name], roster); p != nil {
			p.Param = name
			probs = append(probs, *p)
		}
	}
	return cfg, probs
}

func paramNames() string {
	return strings.Join(slices.Sorted(maps.Keys(paramParsers)), ", ")
}

func parseDelivery(c *Messages, raw json.RawMessage, _ []string) *Problem {
	var s string
	if json.Unmarshal(raw, &s) != nil || (s != DeliveryNotify && s != DeliveryPoll) {
		return InvalidValue("delivery", "delivery must be %q or %q; got %s.", DeliveryNotify, DeliveryPoll, raw)
	}
	c.Delivery = s
	return nil
}

func parseMaxBytes(c *Messages, raw json.RawMessage, _ []string) *Problem {
	n, p := intIn("max_bytes", raw, 1, MaxMaxBytes)
	if p == nil {
		c.MaxBytes = n
	}
	return p
}

func parseMaxUnread(c *Messages, raw json.RawMessage, _ []string) *Problem {
	n, p := intIn("max_unread", raw, 1, MaxMaxUnread)
	if p == nil {
		c.MaxUnread = n
	}
	return p
}

func parseDedupe(c *Messages, raw json.RawMessage, _ []string) *Problem {
	if json.Unmarshal(raw, &c.Dedupe) != nil {
		return InvalidValue("dedupe", "dedupe must be true or false; got %s.", raw)
	}
	return nil
}

// intIn decodes a whole number in [lo, hi].
func intIn(name string, raw json.RawMessage, lo, hi int) (int, *Problem) {
	var f float64
	if json.Unmarshal(raw, &f) != nil || f != float64(int64(f)) {
		return 0, InvalidValue(name, "%s must be a whole number; got %s.", name, raw)
	}
	if f < float64(lo) || f > float64(hi) {
		return 0, InvalidValue(name, "%s must be between %d and %d; got %s.", name, lo, hi, raw)
	}
	return int(f), nil
}

// InvalidValue is the problem of a bad value.
func InvalidValue(name, format string, args ...any) *Problem {
	return &Problem{Summary: fmt.Sprintf("Invalid value for %q", name), Detail: fmt.Sprintf(format, args...)}
}
