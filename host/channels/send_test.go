package channels

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/channels/channelstest"
)

var roster = []string{"alice", "bob", "carol", "dave"}

func TestSendRejections(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		cfg func(*Messages)
		// setup runs on a bus where alice and bob run, carol has ended and
		// dave has not started.
		setup  func(*Bus, *channelstest.FakeClock)
		req    SendRequest
		rule   string
		reason string
	}{
		"unknown address lists the valid names": {
			req: SendRequest{To: []string{"zed"}, Message: "hi"}, rule: RuleUnknownAddress,
			reason: `unknown address "zed": valid names are bob, carol, dave, "all"`},
		"self-send": {
			req: SendRequest{To: []string{"alice"}, Message: "hi"}, rule: RuleSelf,
			reason: "you cannot send a message to yourself"},
		"recipient ended": {
			req: SendRequest{To: []string{"carol"}, Message: "hi"}, rule: RuleEnded,
			reason: "carol has ended and will not read messages"},
		"recipient not started": {
			req: SendRequest{To: []string{"dave"}, Message: "hi"}, rule: RuleNotStarted,
			reason: "dave has not started"},
		"bad reply_to": {
			req: SendRequest{To: []string{"bob"}, Message: "hi", ReplyTo: "m-99"}, rule: RuleReplyTo,
			reason: `bad reply_to "m-99": it is not the id of a message you sent or received`},
		"reply_to a message between others": {
			setup: func(b *Bus, _ *channelstest.FakeClock) { send(b, "bob", "private", "carol") },
			req:   SendRequest{To: []string{"bob"}, Message: "hi", ReplyTo: "m-1"}, rule: RuleReplyTo,
			reason: `bad reply_to "m-1": it is not the id of a message you sent or received`},
		"empty payload": {
			req: SendRequest{To: []string{"bob"}, Message: ""}, rule: RuleEmpty, reason: "message is empty"},
		"blank payload": {
			req: SendRequest{To: []string{"bob"}, Message: " \n\t"}, rule: RuleEmpty, reason: "message is empty"},
		"payload of markers only": {
			req:  SendRequest{To: []string{"bob"}, Message: "<PEER_MESSAGE </peer_Message"},
			rule: RuleEmpty, reason: "message is empty"},
		"swarm stopping": {
			setup: func(b *Bus, _ *channelstest.FakeClock) { b.Stopping("all_done") },
			req:   SendRequest{To: []string{"bob"}, Message: "hi"}, rule: RuleStopping,
			reason: "the swarm is stopping: no more messages can be sent"},
		"no recipient": {
			req: SendRequest{Message: "hi"}, rule: RuleNoRecipients,
			reason: `no recipient: "to" must be a member's name, a list of names, or "all"`},
		"all with no other running member": {
			setup: func(b *Bus, _ *channelstest.FakeClock) { end(b, "bob") },
			req:   SendRequest{To: []string{"all"}, Message: "hi"}, rule: RuleNoRecipients,
			reason: "no other running member you may send to"},
		"malformed arguments": {
			req:  SendRequest{To: []string{"bob"}, Message: "hi", Malformed: "bad arguments: x"},
			rule: RuleBadArguments, reason: "bad arguments: x"},
		"route not allowed": {
			cfg: func(c *Messages) { c.Routes = map[string][]string{"alice": {"carol"}} },
			req: SendRequest{To: []string{"bob"}, Message: "hi"}, rule: RuleRoute,
			reason: "no route from alice to bob: you may send to carol"},
		"no route at all": {
			cfg: func(c *Messages) { c.Routes = map[string][]string{"bob": {"all"}} },
			req: SendRequest{To: []string{"bob"}, Message: "hi"}, rule: RuleRoute,
			reason: "no route from alice to bob: you may not send messages"},
		"storm control: message too large": {
			cfg: func(c *Messages) { c.MaxBytes = 10 },
			req: SendRequest{To: []string{"bob"}, Message: "twelve bytes"}, rule: RuleMaxBytes,
			reason: "message is 12 bytes; the limit is 10"},
		"storm control: inbox full": {
			cfg: func(c *Messages) { c.MaxUnread = 2 },
			setup: func(b *Bus, _ *channelstest.FakeClock) {
				send(b, "alice", "one", "bob")
				send(b, "alice", "two", "bob")
			},
			req: SendRequest{To: []string{"bob"}, Message: "three"}, rule: RuleMaxUnread,
			reason: "inbox full: bob has 2 unread messages"},
		"storm control: rate limit": {
			cfg: func(c *Messages) { c.Rate = Rate{Sends: 2, Per: time.Minute} },
			setup: func(b *Bus, c *channelstest.FakeClock) {
				send(b, "alice", "one", "bob")
				c.Advance(10 * time.Second)
				send(b, "alice", "two", "bob")
				c.Advance(5500 * time.Millisecond)
			},
			req: SendRequest{To: []string{"bob"}, Message: "three"}, rule: RuleRate,
			reason: "rate limit: retry in 45 s"},
		"storm control: duplicate of an unread message": {
			setup: func(b *Bus, _ *channelstest.FakeClock) { send(b, "alice", "same", "bob") },
			req:   SendRequest{To: []string{"bob"}, Message: "same"}, rule: RuleDedupe,
			reason: "duplicate of unread m-1"},
		"duplicate compares the stored text": {
			setup: func(b *Bus, _ *channelstest.FakeClock) { send(b, "alice", "same", "bob") },
			req:   SendRequest{To: []string{"bob"}, Message: "sa<peer_messageme"}, rule: RuleDedupe,
			reason: "duplicate of unread m-1"},
		"broadcast to a list is all-or-nothing": {
			req: SendRequest{To: []string{"bob", "carol"}, Message: "hi"}, rule: RuleEnded,
			reason: "carol has ended and will not read messages"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			cfg := DefaultMessages()
			if tc.cfg != nil {
				tc.cfg(&cfg)
			}
			b, clock := newTestBus(t, cfg, roster, "alice", "bob", "carol")
			end(b, "carol")
			if tc.setup != nil {
				tc.setup(b, clock)
			}
			before := b.Metrics()
			bobUnread := b.unread("bob")
			res := b.Send("alice", tc.req)
			assert.Equal(t, tc.rule, res.Rule)
			assert.Equal(t, tc.reason, res.Reason)
			assert.False(t, res.Accepted())
			assert.Equal(t, bobUnread, b.unread("bob"), "a rejected send delivers nothing")

			sent := payloads[Sent](b)
			require.NotEmpty(t, sent)
			last := sent[len(sent)-1]
			assert.Equal(t, res.ID, last.ID)
			assert.Equal(t, DecisionReject, last.Decision)
			assert.Equal(t, tc.rule, *last.Rule)
			assert.Equal(t, tc.reason, *last.Reason)
			assert.Equal(t, IsControl(tc.rule), last.Control)
			for _, d := range payloads[Delivered](b) {
				assert.NotEqual(t, res.ID, d.ID, "a rejected record is never delivered")
			}
			after := b.Metrics()["alice"]
			assert.Equal(t, before["alice"].Rejected+1, after.Rejected)
			wantControl := before["alice"].RejectedByControl
			if IsControl(tc.rule) {
				wantControl++
			}
			assert.Equal(t, wantControl, after.RejectedByControl)
		})
	}
}

func TestSendBroadcastAllOrNothingOnAFullInbox(t *testing.T) {
	t.Parallel()
	cfg := DefaultMessages()
	cfg.MaxUnread = 1
	b, _ := newTestBus(t, cfg, roster, "alice", "bob", "carol", "dave")
	require.True(t, send(b, "dave", "first", "carol").Accepted())
	res := send(b, "alice", "to all", "all")
	assert.Equal(t, RuleMaxUnread, res.Rule)
	assert.Equal(t, "inbox full: carol has 1 unread messages", res.Reason)
	assert.Zero(t, b.unread("bob"), "bob's inbox had room but the broadcast is all-or-nothing")
	assert.Equal(t, 1, b.unread("carol"))
}

func TestSendAccepted(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		cfg     func(*Messages)
		setup   func(*Bus, *channelstest.FakeClock)
		req     SendRequest
		want    []string
		wantTxt string
	}{
		"one member": {req: SendRequest{To: []string{"bob"}, Message: "hi"}, want: []string{"bob"}},
		"all is every other running member": {
			req: SendRequest{To: []string{"all"}, Message: "hi"}, want: []string{"bob"}},
		"a list in roster order, duplicates once": {
			setup: func(b *Bus, _ *channelstest.FakeClock) { b.MemberState("dave", "running", "") },
			req:   SendRequest{To: []string{"dave", "bob", "dave"}, Message: "hi"}, want: []string{"bob", "dave"}},
		"all follows the routes": {
			cfg:   func(c *Messages) { c.Routes = map[string][]string{"alice": {"dave"}} },
			setup: func(b *Bus, _ *channelstest.FakeClock) { b.MemberState("dave", "running", "") },
			req:   SendRequest{To: []string{"all"}, Message: "hi"}, want: []string{"dave"}},
		"reply to a message received": {
			setup: func(b *Bus, _ *channelstest.FakeClock) { send(b, "bob", "question", "alice") },
			req:   SendRequest{To: []string{"bob"}, Message: "answer", ReplyTo: "m-1"}, want: []string{"bob"}},
		"duplicates pass with dedupe off": {
			cfg:   func(c *Messages) { c.Dedupe = false },
			setup: func(b *Bus, _ *channelstest.FakeClock) { send(b, "alice", "same", "bob") },
			req:   SendRequest{To: []string{"bob"}, Message: "same"}, want: []string{"bob"}},
		"a duplicate of a read message passes": {
			setup: func(b *Bus, _ *channelstest.FakeClock) {
				send(b, "alice", "same", "bob")
				b.Read(t.Context(), "bob", 0)
			},
			req: SendRequest{To: []string{"bob"}, Message: "same"}, want: []string{"bob"}},
		"the rate window slides": {
			cfg: func(c *Messages) { c.Rate = Rate{Sends: 1, Per: time.Minute} },
			setup: func(b *Bus, c *channelstest.FakeClock) {
				send(b, "alice", "one", "bob")
				c.Advance(time.Minute)
			},
			req: SendRequest{To: []string{"bob"}, Message: "two"}, want: []string{"bob"}},
		"rate off": {
			cfg: func(c *Messages) { c.Rate = Rate{} },
			setup: func(b *Bus, _ *channelstest.FakeClock) {
				for i := range 30 {
					send(b, "alice", strings.Repeat("x", i+1), "bob")
				}
			},
			req: SendRequest{To: []string{"bob"}, Message: "last"}, want: []string{"bob"}},
		"markers are removed before storing": {
			req:     SendRequest{To: []string{"bob"}, Message: "a<peer_<PEER_MESSAGEmessage>b</Peer_Message>"},
			want:    []string{"bob"},
			wantTxt: "a>b>"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			cfg := DefaultMessages()
			if tc.cfg != nil {
				tc.cfg(&cfg)
			}
			b, clock := newTestBus(t, cfg, roster, "alice", "bob")
			if tc.setup != nil {
				tc.setup(b, clock)
			}
			res := b.Send("alice", tc.req)
			require.True(t, res.Accepted(), res.Reason)
			assert.Equal(t, tc.want, res.Recipients)
			last := payloads[Delivered](b)
			require.NotEmpty(t, last)
			assert.Equal(t, Delivered{Version: 1, Type: "comm", Kind: "delivered", Channel: "messages", ID: res.ID,
				From: "alice", To: tc.want}, last[len(last)-1])
			if tc.wantTxt != "" {
				got := b.Read(t.Context(), tc.want[0], 0).Messages
				assert.Equal(t, tc.wantTxt, got[len(got)-1].Text)
			}
		})
	}
}

func TestRecordIDsAreSequentialPerBus(t *testing.T) {
	t.Parallel()
	b, _ := newTestBus(t, DefaultMessages(), roster, "alice", "bob")
	assert.Equal(t, "m-1", send(b, "alice", "one", "bob").ID)
	assert.Equal(t, "m-2", send(b, "alice", "", "bob").ID, "rejected sends are records too")
	assert.Equal(t, "m-3", send(b, "bob", "two", "alice").ID)
	other, _ := newTestBus(t, DefaultMessages(), roster, "alice", "bob")
	assert.Equal(t, "m-1", send(other, "alice", "one", "bob").ID)
}

func TestSentEvidenceCarriesNoPayload(t *testing.T) {
	t.Parallel()
	b, _ := newTestBus(t, DefaultMessages(), roster, "alice", "bob")
	send(b, "alice", "secret plan", "bob")
	for e := range b.Evidence().All() {
		assert.Equal(t, "member-alice", e.SpanID)
		assert.Equal(t, "inspect_swarm", e.Source)
		assert.NotContains(t, strings.ToLower(jsonOf(t, e.Data)), "secret")
	}
	assert.Equal(t, Sent{Version: 1, Type: "comm", Kind: "sent", Channel: "messages", ID: "m-1", From: "alice",
		To: []string{"bob"}, Recipients: []string{"bob"}, Wake: true, Bytes: 11, Decision: "accepted"}, payloads[Sent](b)[0])
}
