package board

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/channels"
	"github.com/swarmhost/swarmhost/host/channels/channelstest"
	"github.com/swarmhost/swarmhost/host/swarm"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// newTestBoard builds a board over members named in roster order, every
// one running, on a fake clock.
func newTestBoard(t *testing.T, cfg Config, roster ...string) (*Board, *channelstest.FakeClock) {
	t.Helper()
	clock := channelstest.NewFakeClock()
	b := New(cfg, roster, nil, channels.Options{Clock: clock})
	for _, n := range roster {
		b.MemberState(n, swarm.StateRunning, "")
	}
	return b, clock
}

// sm calls the shared_memory tool as member with JSON arguments; it
// returns the result or the tool error's message (prefixed "error: ").
func sm(t *testing.T, b *Board, member, args string) string {
	t.Helper()
	return callTool(t, b, member, ToolSharedMemory, args)
}

func callTool(t *testing.T, b *Board, member, tool, args string) string {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(args), &m))
	out, terr := b.Tools(member).Call(context.Background(), model.ToolCall{ID: "c", Function: tool, Arguments: m})
	if terr != nil {
		return "error: " + terr.Message
	}
	return out
}

// kinds lists the board evidence's payloads of one kind, as JSON objects.
func boardEvidence(t *testing.T, b *Board, kind string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for e := range b.Evidence().All() {
		raw, err := json.Marshal(e.Data)
		require.NoError(t, err)
		var m map[string]any
		require.NoError(t, json.Unmarshal(raw, &m))
		if m["kind"] == kind {
			out = append(out, m)
		}
	}
	return out
}
