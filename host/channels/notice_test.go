package channels

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNotice(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		delivery string
		// steps run before each Notice("alice"); want are its answers.
		steps []func(*Bus)
		want  []string
	}{
		"nothing unread": {delivery: DeliveryNotify, steps: []func(*Bus){nil}, want: []string{""}},
		"counts and senders in roster order": {
			delivery: DeliveryNotify,
			steps: []func(*Bus){func(b *Bus) {
				send(b, "dave", "one", "alice")
				send(b, "bob", "two", "alice")
				send(b, "dave", "three", "alice")
			}},
			want: []string{"[Swarm notice] 3 unread messages (from bob, dave). Call read_messages() to read them."}},
		"once per batch of new messages": {
			delivery: DeliveryNotify,
			steps: []func(*Bus){
				func(b *Bus) { send(b, "bob", "one", "alice") },
				nil,
				func(b *Bus) { send(b, "dave", "two", "alice") },
			},
			want: []string{
				"[Swarm notice] 1 unread messages (from bob). Call read_messages() to read them.",
				"",
				"[Swarm notice] 2 unread messages (from bob, dave). Call read_messages() to read them.",
			}},
		"nothing after a read": {
			delivery: DeliveryNotify,
			steps: []func(*Bus){func(b *Bus) {
				send(b, "bob", "one", "alice")
				b.Read(t.Context(), "alice", 0)
			}},
			want: []string{""}},
		"poll mode gives none": {
			delivery: DeliveryPoll,
			steps:    []func(*Bus){func(b *Bus) { send(b, "bob", "one", "alice") }},
			want:     []string{""}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			cfg := DefaultMessages()
			cfg.Delivery = tc.delivery
			b, _ := newTestBus(t, cfg, roster, "alice", "bob", "dave")
			for i, step := range tc.steps {
				if step != nil {
					step(b)
				}
				assert.Equal(t, tc.want[i], b.Notice("alice"), "notice %d", i+1)
			}
			notified := payloads[Notified](b)
			n := 0
			for _, w := range tc.want {
				if w != "" {
					n++
				}
			}
			require.Len(t, notified, n)
			assert.Equal(t, n, b.Metrics()["alice"].Notices)
		})
	}
}

func TestNotifiedEvidence(t *testing.T) {
	t.Parallel()
	b, _ := newTestBus(t, DefaultMessages(), roster, "alice", "bob")
	send(b, "bob", "the secret is 42", "alice")
	b.Notice("alice")
	events := b.Evidence().Slice()
	last := events[len(events)-1]
	assert.Equal(t, "member-alice", last.SpanID)
	assert.Equal(t, Notified{Version: 1, Type: "comm", Kind: "notified", Channel: "messages", Member: "alice",
		Unread: 1, From: []string{"bob"}, IDs: []string{"m-1"}}, last.Data)
	assert.NotContains(t, jsonOf(t, last.Data), "secret")
}
