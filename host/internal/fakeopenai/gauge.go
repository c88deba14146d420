package fakeopenai

import "time"

// Stats are a server's request figures since it started or was Reset.
type Stats struct {
	// Requests counts the requests received.
	Requests int `json:"requests"`
	// InFlight is how many are being answered now; MaxInFlight the most
	// at once.
	InFlight    int `json:"in_flight"`
	MaxInFlight int `json:"max_in_flight"`
	// MeanInFlight is the time average of the requests in flight over
	// Busy: the time from the first request's arrival to the last answer
	// (or to now, while requests are in flight).
	MeanInFlight float64       `json:"mean_in_flight"`
	Busy         time.Duration `json:"busy_ns"`
	// Conns counts the connections clients opened.
	Conns int `json:"conns"`
	// Timeline is the mean in flight in each TimelineStep from the first
	// arrival.
	Timeline []float64 `json:"timeline,omitempty"`
	// Handoff is how long the clients took to send a connection's next
	// request once it was answered.
	Handoff Handoff `json:"handoff"`
}

// gauge counts requests in flight and integrates the count over time.
type gauge struct {
	inFlight, max int
	// first is the first arrival, last the last change; area is the sum
	// of in-flight × time since first, up to last.
	first, last time.Time
	area        float64
	timeline    timeline
}

// change adds d (+1 arrival, −1 answer) to the count at now.
func (g *gauge) change(d int, now time.Time) {
	if g.first.IsZero() {
		g.first, g.last = now, now
	}
	g.area += float64(g.inFlight) * now.Sub(g.last).Seconds()
	g.timeline.add(g.first, g.last, now, g.inFlight)
	g.inFlight += d
	g.max = max(g.max, g.inFlight)
	g.last = now
}

// stats reports the figures at now, of requests received.
func (g gauge) stats(requests int, now time.Time) Stats {
	st := Stats{Requests: requests, InFlight: g.inFlight, MaxInFlight: g.max}
	if g.first.IsZero() {
		return st
	}
	end, area := g.last, g.area
	if g.inFlight > 0 {
		area += float64(g.inFlight) * now.Sub(g.last).Seconds()
		end = now
	}
	st.Busy = end.Sub(g.first)
	st.Timeline = g.timeline.means()
	if st.Busy > 0 {
		st.MeanInFlight = area / st.Busy.Seconds()
	}
	return st
}
