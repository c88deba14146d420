package main

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/schema"
)

// TestConversationAllocatedOnce: a member's conversation has room from
// the start for every prompt and reply its steps add, so it is never
// copied to a larger array while the member runs.
func TestConversationAllocatedOnce(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		steps string
		added int
	}{
		"no model call": {steps: `[{"action":"submit","answer":"42"}]`, added: 0},
		"replies only":  {steps: `[{"action":"generate"},{"action":"generate"}]`, added: 2},
		"prompts and replies": {steps: `[{"action":"generate","prompt":"a"},{"action":"sleep","duration":"1ms"},` +
			`{"action":"generate"},{"action":"generate","prompt":"b"},{"action":"submit","answer":"42"}]`, added: 5},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			steps, err := decodeSteps([]byte(`{"steps":` + tc.steps + `}`))
			require.NoError(t, err)
			assert.Equal(t, tc.added, messagesAdded(steps))
			input := []model.Message{{Role: model.RoleUser, Content: "q"}, {Role: model.RoleUser, Content: "preamble"}}
			m, err := (&Scripted{}).StartMember(context.Background(), agent.RunRequest{Input: input,
				Config: schema.NewConfig([]byte(`{"steps":` + tc.steps + `}`))})
			require.NoError(t, err)
			r := m.(*member).r
			first := &r.messages[:1][0]
			a := agent.Answer{}
			for {
				c, err := m.Step(context.Background(), a)
				require.NoError(t, err)
				if c.Done != nil {
					break
				}
				a = agent.Answer{Generate: agent.GenerateResponse{Output: model.TextOutput("mockllm/model", "ok")}}
			}
			assert.Len(t, r.messages, len(input)+tc.added)
			assert.Equal(t, len(r.messages), cap(r.messages), "room for exactly what was added")
			assert.Same(t, first, &r.messages[0], "never moved")
		})
	}
}
