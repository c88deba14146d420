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
// copied to a larger array while the member runs; it is kept while a later
// step makes a model call, and dropped once none does.
func TestConversationAllocatedOnce(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		steps string
		added int
		// keptAtTool: the conversation is still held when the tool step is
		// called (a model call follows it)
		keptAtTool bool
	}{
		"no model call": {steps: `[{"action":"read"},{"action":"submit","answer":"42"}]`, added: 0},
		"replies only":  {steps: `[{"action":"generate"},{"action":"generate"},{"action":"read"}]`, added: 2},
		"prompts and replies, a read between": {steps: `[{"action":"generate","prompt":"a"},{"action":"read"},` +
			`{"action":"generate"},{"action":"generate","prompt":"b"},{"action":"submit","answer":"42"}]`, added: 5,
			keptAtTool: true},
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
			var sent []model.Message // the last model call's conversation
			a := agent.Answer{}
			for {
				c, err := m.Step(context.Background(), a)
				require.NoError(t, err)
				if c.Done != nil {
					break
				}
				switch {
				case c.Generate != nil:
					sent = c.Generate.Messages
					a = agent.Answer{Generate: agent.GenerateResponse{Output: model.TextOutput("mockllm/model", "ok")}}
				case c.Tool != nil:
					assert.Equal(t, tc.keptAtTool, r.messages != nil, "conversation held at the tool call")
					a = agent.Answer{Tool: agent.ToolResult{Content: "none"}}
				default:
					a = agent.Answer{}
				}
			}
			assert.Nil(t, r.messages, "dropped once no model call follows")
			if tc.added == 0 {
				return
			}
			assert.Len(t, sent, len(input)+tc.added-1, "the last call sent all but its own reply")
			assert.Equal(t, len(input)+tc.added, cap(sent), "room for exactly what was added")
			assert.Same(t, first, &sent[0], "never moved")
		})
	}
}
