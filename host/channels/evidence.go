package channels

import (
	"github.com/swarmhost/swarmhost/host/swarm"
)

// Evidence payload constants (SPEC §8).
const (
	EvidenceVersion = 1
	EvidenceComm    = "comm"
	KindSent        = "sent"
	KindDelivered   = "delivered"
	KindNotified    = "notified"
	KindRead        = "read"
	// ChannelMessages names the channel in the payloads.
	ChannelMessages = "messages"
	DecisionAccept  = "accepted"
	DecisionReject  = "rejected"
)

// Evidence returns the bus's evidence so far, in order (shared, not
// copied: see swarm.Recorder).
func (b *Bus) Evidence() swarm.Events { return b.evidence.Events() }

// SpanID is the span of a member's timeline, as the runtime names it.
func SpanID(member string) string { return "member-" + member }

// add records one info event in member's span. Callers hold b.mu.
func (b *Bus) add(member string, data any) {
	b.evidence.Add(swarm.Event{Kind: swarm.EventInfo, Time: b.clock.Now(),
		SpanID: SpanID(member), Member: member, Source: swarm.InfoSource, Data: data})
}

func (b *Bus) evidenceSent(sender *member, req SendRequest, rec *record, recipients []string, rule, reason string) {
	e := Sent{Version: EvidenceVersion, Type: EvidenceComm, Kind: KindSent, Channel: ChannelMessages, ID: rec.id,
		From: sender.Name, To: nonNil(req.To), Recipients: nonNil(recipients), ReplyTo: Optional(req.ReplyTo),
		Wake: req.Wake, Bytes: len(req.Message), Decision: DecisionAccept, Control: IsControl(rule)}
	if rule != "" {
		e.Decision, e.Rule, e.Reason = DecisionReject, &rule, &reason
	}
	b.add(sender.Name, e)
}

func (b *Bus) evidenceDelivered(sender *member, rec *record) {
	b.add(sender.Name, Delivered{Version: EvidenceVersion, Type: EvidenceComm, Kind: KindDelivered,
		Channel: ChannelMessages, ID: rec.id, From: sender.Name, To: rec.to})
}

func (b *Bus) evidenceNotified(m *member, senders []string) {
	b.add(m.Name, Notified{Version: EvidenceVersion, Type: EvidenceComm, Kind: KindNotified, Channel: ChannelMessages,
		Member: m.Name, Unread: len(m.inbox), From: senders, IDs: ids(m.inbox)})
}

func (b *Bus) evidenceRead(m *member, res ReadResult) {
	e := Read{Version: EvidenceVersion, Type: EvidenceComm, Kind: KindRead, Channel: ChannelMessages, Member: m.Name,
		IDs: []string{}, From: []string{}, Remaining: res.Remaining, WaitSeconds: res.Wait.Seconds(), Outcome: res.Outcome}
	from := map[string]bool{}
	for _, msg := range res.Messages {
		e.IDs = append(e.IDs, msg.ID)
		if !from[msg.From] {
			from[msg.From] = true
			e.From = append(e.From, msg.From)
		}
	}
	b.add(m.Name, e)
}

func ids(recs []*record) []string {
	out := make([]string, len(recs))
	for i, r := range recs {
		out[i] = r.id
	}
	return out
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// Optional is s's address, or nil for the empty string: an evidence field
// that is null when unset.
func Optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
