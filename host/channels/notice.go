package channels

import (
	"fmt"
	"slices"
	"strings"
)

// Notice is the runtime's turn-boundary hook (swarm.Spec.Notice) in notify
// mode: when messages were delivered to member since its last notice and
// some are still unread, one line with the unread count and the senders'
// roster names (never a payload), e.g.
//
//	[Swarm notice] 3 unread messages (from worker-2, worker-4). Call read_messages() to read them.
//
// A member is told once per batch of new messages, not at every turn: the
// tools' status line keeps the count in view. "" in poll mode or when there
// is nothing new.
func (b *Bus) Notice(name string) string {
	return b.NoticePart(name).Text
}

// NoticePart is Notice with what the notice message's metadata says of it:
// the unread records it counts ({"messages": [ids]}).
func (b *Bus) NoticePart(name string) NoticePart {
	if b.cfg.Delivery != DeliveryNotify {
		return NoticePart{}
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	m := b.byName[name]
	if m == nil || len(m.inbox) == 0 || m.received == m.noticed {
		return NoticePart{}
	}
	m.noticed = m.received
	m.metrics.Notices++
	senders := b.senders(m.inbox)
	b.evidenceNotified(m, senders)
	return NoticePart{Text: NoticeText(len(m.inbox), senders), Channel: ChannelMessages,
		IDs: map[string][]string{"messages": ids(m.inbox)}}
}

// NoticeText is SPEC §7's notice for unread messages from senders.
func NoticeText(unread int, senders []string) string {
	return fmt.Sprintf("[Swarm notice] %d unread messages (from %s). Call read_messages() to read them.",
		unread, strings.Join(senders, ", "))
}

// senders are the distinct senders of records, in roster order: O(records),
// not O(roster), as it runs under b.mu at a member's turn. Callers hold
// b.mu.
func (b *Bus) senders(recs []*record) []string {
	seen := make(map[*member]bool, len(recs))
	var from []*member
	for _, r := range recs {
		if m := b.byName[r.from]; m != nil && !seen[m] {
			seen[m] = true
			from = append(from, m)
		}
	}
	slices.SortFunc(from, func(x, y *member) int { return x.index - y.index })
	var out []string
	for _, m := range from {
		out = append(out, m.Name)
	}
	return out
}
