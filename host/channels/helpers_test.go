package channels

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/channels/channelstest"
	"github.com/swarmhost/swarmhost/host/swarm"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// newTestBus builds a bus over members named in roster order; running
// lists those the runtime has started.
func newTestBus(t *testing.T, cfg Messages, roster []string, running ...string) (*Bus, *channelstest.FakeClock) {
	t.Helper()
	clock := channelstest.NewFakeClock()
	var ms []Member
	for _, n := range roster {
		ms = append(ms, Member{Name: n})
	}
	b := NewBus(cfg, ms, Options{Clock: clock})
	for _, n := range running {
		b.MemberState(n, swarm.StateRunning, "")
	}
	return b, clock
}

// end ends a member with status submitted.
func end(b *Bus, name string) { b.MemberState(name, swarm.StateEnded, swarm.StatusSubmitted) }

// send is a send to the named addresses with wake on.
func send(b *Bus, from, msg string, to ...string) SendResult {
	return b.Send(from, SendRequest{To: to, Message: msg, Wake: true})
}

// waitingFor blocks until name is waiting in read_messages.
func waitingFor(t *testing.T, b *Bus, name string) {
	t.Helper()
	require.Eventually(t, func() bool {
		b.mu.Lock()
		defer b.mu.Unlock()
		return b.byName[name].waiter != nil
	}, 10*time.Second, time.Millisecond, "%s never waited", name)
}

// readAsync runs a read in the background.
func readAsync(b *Bus, name string, wait time.Duration) <-chan ReadResult {
	out := make(chan ReadResult, 1)
	go func() { out <- b.Read(context.Background(), name, wait) }()
	return out
}

// payloads returns the evidence payloads of a kind, in order.
func payloads[T any](b *Bus) []T {
	var out []T
	for e := range b.Evidence().All() {
		if p, ok := e.Data.(T); ok {
			out = append(out, p)
		}
	}
	return out
}

// call runs one tool call for member.
func call(b *Bus, member, fn string, args map[string]any) (string, *model.ToolError) {
	return b.Tools(member).Call(context.Background(), model.ToolCall{ID: fn, Function: fn, Arguments: args})
}

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

func toolCall(fn string, args map[string]any) model.ToolCall {
	return model.ToolCall{ID: fn, Function: fn, Arguments: args}
}
