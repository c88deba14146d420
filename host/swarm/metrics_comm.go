package swarm

import (
	"bytes"
	"encoding/json"
)

// Communication kinds metrics count, as the channels' evidence names them.
const (
	CommSent      = "sent"
	CommDelivered = "delivered"
	CommRead      = "read"
	CommNotified  = "notified"
)

// MetricsInput is what metrics need beyond the run's result: the record
// channels and their evidence. It is the hook for channels: each channel
// with records (messages, shared_memory) translates its own evidence into
// CommEvents and WaitEvents (host/eval does it for the bus).
type MetricsInput struct {
	// Channels are the channels with records the swarm opened, in order.
	Channels []string
	// Comms are their communication events in the order they happened.
	Comms []CommEvent
	// WaitsOffered says a channel offers a wait (swarm_wait); Waits are
	// the waits that ended.
	WaitsOffered bool
	Waits        []WaitEvent
	// Delivery is a member's notice delivery when not notify.
	Delivery map[string]string
}

// CommEvent is one communication event of a channel with records.
type CommEvent struct {
	// Kind is a Comm* constant; Member the acting member.
	Kind, Member, Channel string
	// Record is the record's id (sent, delivered).
	Record string
	// Rejected names the control that refused a send ("" when accepted);
	// PayloadBytes is an accepted send's payload in UTF-8 bytes.
	Rejected     string
	PayloadBytes int
	// Listing says a read showed a listing, not content.
	Listing bool
}

// WaitEvent is one wait that ended: the waiting member, what ended it,
// its seconds, and the seconds the member counted as waiting.
type WaitEvent struct {
	Member, Outcome string
	Duration, Idle  float64
}

// CommByChannel is a member's CommMetrics by channel, written in the order
// the swarm opened the channels.
type CommByChannel struct {
	order []string
	by    map[string]*CommMetrics
}

func newCommByChannel(channels []string) CommByChannel {
	c := CommByChannel{order: channels, by: map[string]*CommMetrics{}}
	for _, ch := range channels {
		c.by[ch] = &CommMetrics{Rejections: map[string]int{}}
	}
	return c
}

// Get is the member's metrics on channel (nil: not a record channel).
func (c CommByChannel) Get(channel string) *CommMetrics { return c.by[channel] }

// MarshalJSON writes the channels in order.
func (c CommByChannel) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, ch := range c.order {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(ch)
		v, err := json.Marshal(c.by[ch])
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// commMetrics counts each member's communication per channel: delivered
// records with the bytes their accepted send carried, rejections by
// control, reads and listings, notices. Events naming no member of the
// roster or no record channel are ignored.
func commMetrics(members []string, in MetricsInput) map[string]CommByChannel {
	out := make(map[string]CommByChannel, len(members))
	for _, m := range members {
		out[m] = newCommByChannel(in.Channels)
	}
	accepted := map[[2]string]int{}
	for _, e := range in.Comms {
		c, ok := out[e.Member]
		if !ok || c.Get(e.Channel) == nil {
			continue
		}
		m := c.Get(e.Channel)
		switch {
		case e.Kind == CommSent && e.Rejected != "":
			m.Rejections[e.Rejected]++
		case e.Kind == CommSent:
			accepted[[2]string{e.Member, e.Record}] = e.PayloadBytes
		case e.Kind == CommDelivered:
			m.Records++
			m.RecordBytes += accepted[[2]string{e.Member, e.Record}]
		case e.Kind == CommRead && e.Listing:
			m.Listings++
		case e.Kind == CommRead:
			m.Reads++
		case e.Kind == CommNotified:
			m.Notices++
		}
	}
	return out
}

// waitTotals is one member's waits, totalled.
type waitTotals struct {
	n          int
	by         map[string]int
	time, idle float64
}

// waitMetrics totals each member's waits (nil when no wait is offered).
func waitMetrics(members []string, in MetricsInput) map[string]*waitTotals {
	if !in.WaitsOffered {
		return nil
	}
	out := make(map[string]*waitTotals, len(members))
	for _, m := range members {
		out[m] = &waitTotals{by: map[string]int{}}
	}
	for _, w := range in.Waits {
		t, ok := out[w.Member]
		if !ok {
			continue
		}
		t.n++
		t.by[w.Outcome]++
		t.time += w.Duration
		t.idle += w.Idle
	}
	return out
}
