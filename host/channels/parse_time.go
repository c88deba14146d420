package channels

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"time"
)

// parseMaxWait accepts a duration string ("90s", "2m") or a number of
// seconds (the unit of read_messages' wait_seconds), from 0 to 3600 s.
func parseMaxWait(c *Messages, raw json.RawMessage, _ []string) *Problem {
	d, ok := ParseDuration(raw)
	if !ok {
		return InvalidValue("max_wait", `max_wait must be a duration like "120s" or "2m", or a number of seconds; got %s.`, raw)
	}
	if d < 0 || d > MaxMaxWait {
		return InvalidValue("max_wait", "max_wait must be between 0s and %s; got %s.", MaxMaxWait, d)
	}
	c.MaxWait = d
	return nil
}

// parseRate accepts "off", "<sends>/<duration>" ("20/60s"), or an object
// { sends = 20, per = "60s" }.
func parseRate(c *Messages, raw json.RawMessage, _ []string) *Problem {
	const want = `rate must be "off", a string like "20/60s" (sends per window), or { sends = 20, per = "60s" }; got %s.`
	var s string
	if json.Unmarshal(raw, &s) == nil && s == "off" {
		c.Rate = Rate{}
		return nil
	}
	var sends json.RawMessage
	var per json.RawMessage
	if json.Unmarshal(raw, &s) == nil {
		n, d, ok := strings.Cut(s, "/")
		if !ok {
			return InvalidValue("rate", want, raw)
		}
		sends, per = json.RawMessage(strings.TrimSpace(n)), jsonString(strings.TrimSpace(d))
	} else {
		var obj struct {
			Sends json.RawMessage `json:"sends"`
			Per   json.RawMessage `json:"per"`
		}
		if json.Unmarshal(raw, &obj) != nil || obj.Sends == nil || obj.Per == nil {
			return InvalidValue("rate", want, raw)
		}
		sends, per = obj.Sends, obj.Per
	}
	return setRate(c, sends, per, raw)
}

// setRate checks a rate's two numbers.
func setRate(c *Messages, sends, per, raw json.RawMessage) *Problem {
	n, p := intIn("rate", sends, 1, MaxRateSends)
	if p != nil {
		p.Detail = "rate's sends: " + p.Detail
		return p
	}
	d, ok := ParseDuration(per)
	if !ok || d <= 0 || d > MaxRatePer {
		return InvalidValue("rate", "rate's window must be a duration greater than 0 and at most %s, like \"60s\"; got %s.", MaxRatePer, raw)
	}
	c.Rate = Rate{Sends: n, Per: d}
	return nil
}

// ParseDuration decodes a duration string ("60s") or a number of seconds.
func ParseDuration(raw json.RawMessage) (time.Duration, bool) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		d, err := time.ParseDuration(s)
		return d, err == nil
	}
	var f float64
	if json.Unmarshal(raw, &f) != nil || math.Abs(f*float64(time.Second)) >= math.MaxInt64 {
		return 0, false
	}
	return time.Duration(f * float64(time.Second)), true
}

func jsonString(s string) json.RawMessage { return json.RawMessage(strconv.Quote(s)) }
