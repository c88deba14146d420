package wire_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
)

// TestRunRequestMetadata: the sample's metadata reaches the agent as the host
// sent it, and a sample without metadata gives the agent none.
func TestRunRequestMetadata(t *testing.T) {
	cases := []struct {
		name string
		md   map[string]any
		want map[string]any
	}{
		{"none", nil, nil},
		{"empty", map[string]any{}, nil},
		{"nested", map[string]any{"topic": "memory", "store": map[string]any{"k": "v"}, "n": 2.0},
			map[string]any{"topic": "memory", "store": map[string]any{"k": "v"}, "n": 2.0}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req := agent.RunRequest{Member: "m-1", Index: 1, Metadata: c.md}
			got := wire.RunRequestFromProto(wire.RunRequestToProto("a", req), nil)
			assert.Equal(t, c.want, got.Metadata)
		})
	}
}
