package channels

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRaceBroadcastStorm runs 200 members that broadcast into small inboxes
// while reading, all through their tools at once (run with -race). No inbox
// may ever exceed max_unread, and every delivered record must have exactly
// one accepted "sent" and one "delivered" event.
func TestRaceBroadcastStorm(t *testing.T) {
	t.Parallel()
	const members, rounds = 200, 5
	cfg := DefaultMessages()
	cfg.MaxUnread = 3
	cfg.Rate = Rate{}
	var roster []Member
	for i := range members {
		roster = append(roster, Member{Name: fmt.Sprintf("m%03d", i)})
	}
	b := NewBus(cfg, roster, Options{})
	for _, m := range roster {
		b.MemberState(m.Name, "running", "")
	}
	var wg sync.WaitGroup
	for _, m := range roster {
		wg.Go(func() {
			tools := b.Tools(m.Name)
			for r := range rounds {
				call := func(fn string, args map[string]any) {
					_, _ = tools.Call(context.Background(), toolCall(fn, args))
				}
				call(ToolSend, map[string]any{"to": "all", "message": fmt.Sprintf("round %d from %s", r, m.Name)})
				call(ToolSend, map[string]any{"to": roster[(r*7+len(m.Name))%members].Name, "message": "direct " + fmt.Sprint(r)})
				if r%2 == 1 {
					call(ToolRead, map[string]any{})
				}
			}
		})
	}
	wg.Wait()

	b.mu.Lock()
	for _, m := range b.roster {
		assert.LessOrEqual(t, m.peak, cfg.MaxUnread, "%s's inbox overflowed", m.Name)
	}
	b.mu.Unlock()

	sent := map[string]int{}
	accepted := map[string][]string{}
	for _, s := range payloads[Sent](b) {
		sent[s.ID]++
		if s.Decision == DecisionAccept {
			accepted[s.ID] = s.Recipients
		}
	}
	delivered := map[string]int{}
	deliveries := 0
	for _, d := range payloads[Delivered](b) {
		delivered[d.ID]++
		deliveries += len(d.To)
		assert.Equal(t, accepted[d.ID], d.To, "%s delivered to its accepted recipients", d.ID)
	}
	require.NotEmpty(t, delivered, "some sends must get through")
	for id := range accepted {
		assert.Equal(t, 1, sent[id], "%s: sent events", id)
		assert.Equal(t, 1, delivered[id], "%s: delivered events", id)
	}
	assert.Len(t, delivered, len(accepted), "only accepted records are delivered")
	assert.Len(t, sent, members*rounds*2, "every send is one record with one sent event")
	for i := 1; i <= members*rounds*2; i++ {
		assert.Equal(t, 1, sent[fmt.Sprintf("m-%d", i)], "ids are m-1 … m-N without gaps")
	}

	totals := Metrics{}
	for _, m := range b.Metrics() {
		totals.Delivered += m.Delivered
		totals.Read += m.Read
		totals.Sent += m.Sent
	}
	assert.Equal(t, deliveries, totals.Delivered)
	assert.Equal(t, len(accepted), totals.Sent)
	unread := 0
	for _, m := range roster {
		unread += b.unread(m.Name)
	}
	assert.Equal(t, totals.Delivered, totals.Read+unread, "every delivery is read or still unread")
}

// TestRaceOneSlot sends from many members at once into one inbox with room
// for one: exactly one send passes.
func TestRaceOneSlot(t *testing.T) {
	t.Parallel()
	cfg := DefaultMessages()
	cfg.MaxUnread = 1
	var roster []Member
	for i := range 50 {
		roster = append(roster, Member{Name: fmt.Sprintf("s%02d", i)})
	}
	b := NewBus(cfg, roster, Options{})
	for _, m := range roster {
		b.MemberState(m.Name, "running", "")
	}
	results := make([]SendResult, len(roster)-1)
	var wg sync.WaitGroup
	for i, m := range roster[1:] {
		wg.Go(func() { results[i] = send(b, m.Name, "me first", "s00") })
	}
	wg.Wait()
	passed := 0
	for _, r := range results {
		if r.Accepted() {
			passed++
		} else {
			assert.Equal(t, "inbox full: s00 has 1 unread messages", r.Reason)
		}
	}
	assert.Equal(t, 1, passed)
}

// TestActiveCountStaysExact: members that start, send, wait in
// read_messages (woken by messages, by idleness or by the timeout) and end,
// all at once; whenever the bus is quiet between operations its count of
// active members equals a count over the roster, and at the end every
// reader has returned.
func TestActiveCountStaysExact(t *testing.T) {
	t.Parallel()
	const members, rounds = 24, 20
	cfg := DefaultMessages()
	cfg.Rate = Rate{}
	var roster []Member
	for i := range members {
		roster = append(roster, Member{Name: fmt.Sprintf("m%02d", i)})
	}
	b := NewBus(cfg, roster, Options{})
	check := func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		n := 0
		for _, m := range b.roster {
			if m.active() {
				n++
			}
		}
		assert.Equal(t, n, b.active, "active members")
	}
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			default:
				check()
			}
		}
	}()
	var wg sync.WaitGroup
	for i, m := range roster {
		wg.Go(func() {
			b.MemberState(m.Name, "running", "")
			for r := range rounds {
				to := roster[(i+r+1)%members].Name
				b.Send(m.Name, SendRequest{To: []string{to}, Message: fmt.Sprintf("%d from %s", r, m.Name), Wake: r%2 == 0})
				b.Read(context.Background(), m.Name, time.Duration(r%3)*time.Millisecond)
			}
			b.MemberState(m.Name, "ended", "submitted")
		})
	}
	wg.Wait()
	close(done)
	check()
	assert.Equal(t, 0, b.active)
}
