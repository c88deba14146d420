package eval

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/swarmhost/swarmhost/host/channels"
	"github.com/swarmhost/swarmhost/host/swarm"
)

// TestBusComms: the messages channel's evidence as metrics count it; an
// accepted send carries its bytes, a rejected one names its rule.
func TestBusComms(t *testing.T) {
	t.Parallel()
	rate := "rate"
	cases := map[string]struct {
		data any
		want []swarm.CommEvent
	}{
		"accepted send": {data: channels.Sent{Channel: "messages", ID: "m-1", From: "a", Bytes: 7, Decision: channels.DecisionAccept},
			want: []swarm.CommEvent{{Kind: swarm.CommSent, Member: "a", Channel: "messages", Record: "m-1", PayloadBytes: 7}}},
		"rejected send": {data: channels.Sent{Channel: "messages", ID: "m-2", From: "a", Bytes: 7, Decision: channels.DecisionReject, Rule: &rate},
			want: []swarm.CommEvent{{Kind: swarm.CommSent, Member: "a", Channel: "messages", Record: "m-2", Rejected: "rate"}}},
		"delivered": {data: channels.Delivered{Channel: "messages", ID: "m-1", From: "a"},
			want: []swarm.CommEvent{{Kind: swarm.CommDelivered, Member: "a", Channel: "messages", Record: "m-1"}}},
		"read": {data: channels.Read{Channel: "messages", Member: "b"},
			want: []swarm.CommEvent{{Kind: swarm.CommRead, Member: "b", Channel: "messages"}}},
		"notified": {data: channels.Notified{Channel: "messages", Member: "b"},
			want: []swarm.CommEvent{{Kind: swarm.CommNotified, Member: "b", Channel: "messages"}}},
		"other evidence": {data: MemberResult{Kind: "member_result"}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tc.want, busComms(swarm.EventsOf(swarm.Event{Kind: swarm.EventInfo, Data: tc.data})))
		})
	}
}
