package swarm

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// EventSampleLimit is the kind of the event recording a sample limit the
// swarm met (Data: a SampleLimitHit), which the log writes as Inspect's
// sample_limit event in the member's span.
const EventSampleLimit = "sample_limit"

// SampleLimitHit is a sample limit a member's call met, as Inspect's
// SampleLimitEvent and EvalSample.limit say it: the limit's type, Inspect's
// message ("Token limit exceeded. value: 36; limit: 30") and its value.
type SampleLimitHit struct {
	Type    string
	Message string
	Limit   float64
}

// sampleLimitHit is the hit of the sample's limit of kind at e, worded as
// Inspect words it: "reached" when usage equals the limit (before a call),
// "exceeded" when it is above; messages is the conversation length the
// call sends (before) or made (after).
func (r *runtime) sampleLimitHit(kind string, l Limits, messages int64) SampleLimitHit {
	a := &r.sampleAcct
	status := func(equal bool) string {
		if equal {
			return "reached"
		}
		return "exceeded"
	}
	switch kind {
	case LimitToken:
		lim := *l.Tokens
		used := Metered(l.Metering, a.usage)
		name := "Token limit " + status(used == lim)
		switch t := tokenType(l.Metering); t {
		case "all":
		case "output":
			name = "Output token limit " + status(used == lim)
		default:
			name = fmt.Sprintf("Token limit %s (%s)", status(used == lim), t)
		}
		return SampleLimitHit{Type: kind, Limit: float64(lim),
			Message: fmt.Sprintf("%s. value: %s; limit: %s", name, thousands(used), thousands(lim))}
	case LimitCost:
		lim := *l.Cost
		return SampleLimitHit{Type: kind, Limit: lim, Message: fmt.Sprintf("Cost limit %s. value: $%s; limit: $%s",
			status(a.cost == lim), dollars(a.cost), dollars(lim))}
	case LimitTurn:
		lim := *l.Turns
		return SampleLimitHit{Type: kind, Limit: float64(lim), Message: fmt.Sprintf("Turn limit exceeded. value: %s; limit: %s",
			thousands(int64(a.calls)), thousands(lim))}
	case LimitMessage:
		lim := *l.Messages
		return SampleLimitHit{Type: kind, Limit: float64(lim), Message: fmt.Sprintf("Message limit %s. count: %s; limit: %s",
			status(messages == lim), thousands(messages), thousands(lim))}
	}
	return SampleLimitHit{Type: kind, Message: kind + " limit exceeded"}
}

// TimeLimitHit is the hit of the sample's time limit of seconds, as
// Inspect words it ("Time limit exceeded. limit: 8 seconds", the limit as
// a task's time_limit=8 writes it).
func TimeLimitHit(seconds float64) SampleLimitHit {
	return SampleLimitHit{Type: LimitTime, Limit: seconds,
		Message: fmt.Sprintf("Time limit exceeded. limit: %s seconds", strconv.FormatFloat(seconds, 'f', -1, 64))}
}

// thousands is n as Python's format(n, ",") writes it.
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// dollars is v as Python's format(v, ",.4f") writes it.
func dollars(v float64) string {
	s := strconv.FormatFloat(v, 'f', 4, 64)
	whole, frac, _ := strings.Cut(s, ".")
	n, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return s
	}
	return thousands(n) + "." + frac
}

// hitSampleLimit records a sample limit m's call met, under r.mu: the
// sample_limit event in m's span (Inspect logs one at each refused call)
// and, the first time, the sample's limit.
func (r *runtime) hitSampleLimit(m *memberState, hit SampleLimitHit) {
	if r.limitHit == nil {
		r.limitHit = &hit
	}
	r.events.add(Event{Kind: EventSampleLimit, Time: time.Now(), SpanID: m.span, Member: m.spec.Name, Data: hit})
}
