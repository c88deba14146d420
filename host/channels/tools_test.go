package channels

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/channels/channelstest"
	"github.com/swarmhost/swarmhost/sdk/model"
)

func TestToolCalls(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		// setup runs first; alice, bob and carol run, dave has not started.
		setup   func(*Bus)
		member  string
		fn      string
		args    map[string]any
		want    string
		wantErr *model.ToolError
	}{
		"send": {member: "alice", fn: ToolSend, args: map[string]any{"to": "bob", "message": "hi"},
			want: "Sent m-1 to bob."},
		"send to all": {member: "alice", fn: ToolSend, args: map[string]any{"to": "all", "message": "hi"},
			want: "Sent m-1 to bob, carol."},
		"send to a list": {member: "alice", fn: ToolSend, args: map[string]any{"to": []any{"carol", "bob"}, "message": "hi"},
			want: "Sent m-1 to bob, carol."},
		"send ends with the status line": {
			setup:  func(b *Bus) { send(b, "bob", "one", "alice"); send(b, "carol", "two", "alice") },
			member: "alice", fn: ToolSend, args: map[string]any{"to": "bob", "message": "hi", "reply_to": "m-1"},
			want: "Sent m-3 to bob.\n\nYou have 2 unread messages."},
		"a rejection is an error with the status line": {
			setup:  func(b *Bus) { send(b, "bob", "one", "alice") },
			member: "alice", fn: ToolSend, args: map[string]any{"to": "dave", "message": "hi"},
			wantErr: &model.ToolError{Type: "permission", Message: "dave has not started\n\nYou have 1 unread messages."}},
		"a storm control is a limit error": {
			setup:  func(b *Bus) { send(b, "alice", "hi", "bob") },
			member: "alice", fn: ToolSend, args: map[string]any{"to": "bob", "message": "hi"},
			wantErr: &model.ToolError{Type: "limit", Message: "duplicate of unread m-1"}},
		"bad arguments are rejected": {member: "alice", fn: ToolSend,
			args:    map[string]any{"to": 3, "message": 4, "wake": "yes"},
			wantErr: &model.ToolError{Type: "parsing", Message: `bad arguments: "to" must be a name, a list of names, or "all"; "message" must be a string; "wake" must be true or false`}},
		"read nothing": {member: "bob", fn: ToolRead, args: map[string]any{}, want: "No new messages."},
		"read": {
			setup:  func(b *Bus) { send(b, "alice", "hi", "bob") },
			member: "bob", fn: ToolRead, args: map[string]any{"wait_seconds": 0.0},
			want: Header + "\n\n<peer_message id=\"m-1\" from=\"alice\" to=\"bob\">\nhi\n</peer_message>"},
		"negative wait": {member: "bob", fn: ToolRead, args: map[string]any{"wait_seconds": -1.0},
			wantErr: &model.ToolError{Type: "parsing", Message: "wait_seconds must be 0 or more"}},
		"wait not a number": {member: "bob", fn: ToolRead, args: map[string]any{"wait_seconds": true},
			wantErr: &model.ToolError{Type: "parsing", Message: "wait_seconds must be a number of seconds"}},
		"list members": {
			setup:  func(b *Bus) { end(b, "carol"); send(b, "alice", "hi", "bob") },
			member: "bob", fn: ToolList, args: map[string]any{},
			want: "Members of the swarm, in roster order:\n- alice: role lead; running\n- bob (you): no role; running\n" +
				"- carol: no role; ended (submitted)\n- dave: no role; pending (not started)\n\nYou have 1 unread messages."},
		"unknown tool": {member: "bob", fn: "shout", args: map[string]any{},
			wantErr: &model.ToolError{Type: "unknown", Message: "unknown tool shout"}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			b := NewBus(DefaultMessages(), []Member{{Name: "alice", Role: "lead"}, {Name: "bob"}, {Name: "carol"}, {Name: "dave"}},
				Options{Clock: channelstest.NewFakeClock()})
			for _, n := range []string{"alice", "bob", "carol"} {
				b.MemberState(n, "running", "")
			}
			if tc.setup != nil {
				tc.setup(b)
			}
			got, err := call(b, tc.member, tc.fn, tc.args)
			assert.Equal(t, tc.wantErr, err)
			if tc.wantErr == nil {
				assert.Equal(t, tc.want, got)
			}
		})
	}
}

func TestToolSchemas(t *testing.T) {
	t.Parallel()
	var names []string
	for _, ti := range ToolInfos {
		names = append(names, ti.Name)
		var schema struct {
			Type       string                     `json:"type"`
			Properties map[string]json.RawMessage `json:"properties"`
			Required   []string                   `json:"required"`
		}
		require.NoError(t, json.Unmarshal(ti.Parameters, &schema), ti.Name)
		assert.Equal(t, "object", schema.Type)
		for _, r := range schema.Required {
			assert.Contains(t, schema.Properties, r)
		}
		assert.NotEmpty(t, ti.Description)
	}
	assert.Equal(t, []string{"send_message", "read_messages", "list_members"}, names)
}

func TestSenderIsBoundByTheHost(t *testing.T) {
	t.Parallel()
	b, _ := newTestBus(t, DefaultMessages(), roster, "alice", "bob")
	_, err := call(b, "alice", ToolSend, map[string]any{"to": "bob", "message": "hi", "from": "carol", "sender": "carol"})
	require.Nil(t, err)
	assert.Equal(t, "alice", b.Read(t.Context(), "bob", 0).Messages[0].From)
}
