package main

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/sdktest"
)

func TestToolLoopUntilSubmit(t *testing.T) {
	t.Parallel()
	s := &script{steps: []step{call("c1", "bash", map[string]any{"command": "echo 4"}), submit("c2", "4")}}
	host := &sdktest.AgentHost{GenerateFunc: s.generate, Tools: []model.ToolInfo{bashInfo},
		CallToolFunc: func(_ context.Context, c model.ToolCall) (agent.ToolResult, error) {
			return agent.ToolResult{Content: "4\n"}, nil
		}}
	out, err := runReact(t, host, nil)
	require.NoError(t, err)
	assert.Equal(t, "4", out.Completion)
	assert.Equal(t, "4", out.Message.Content, "the answer is in the message text")
	assert.Empty(t, out.Message.ToolCalls, "the submit call is dropped from the answer's message")
	assert.Equal(t, []string{"list_tools", "generate", "call_tool:bash", "generate", "submit"}, host.Calls())

	reqs := s.requests()
	require.Len(t, reqs, 2)
	names := []string{}
	for _, tl := range reqs[0].Tools {
		names = append(names, tl.Name)
	}
	assert.Equal(t, []string{"bash", "submit"}, names)
	msgs := reqs[1].Messages
	require.Len(t, msgs, 5)
	assert.Equal(t, model.RoleSystem, msgs[0].Role)
	assert.NotContains(t, msgs[0].Content, "You are react-1.", "the preamble is not added again")
	assert.Contains(t, msgs[0].Content, "call the submit() tool to report it")
	assert.Equal(t, model.Message{Role: "user", Content: "What is 2+2?"}, msgs[1])
	assert.Equal(t, model.Message{Role: "user", Content: "You are react-1."}, msgs[2], "the preamble follows the input, as the host put it")
	assert.Equal(t, "c1", msgs[3].ToolCalls[0].ID)
	assert.Equal(t, model.Message{Role: "tool", ToolCallID: "c1", Function: "bash", Content: "4\n"}, msgs[4])
}

func TestSystemPrompt(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		cfg  Config
		want string
	}{
		"instructions, assistant and submit prompts": {
			cfg:  Config{Instructions: "Be exact.", AssistantPrompt: "Use tools.", SubmitPrompt: "Call {submit}().", SubmitName: "answer"},
			want: "Be exact.\n\nUse tools.\nCall answer()."},
		"assistant prompt naming submit drops the submit prompt": {
			cfg:  Config{AssistantPrompt: "Use tools, then {submit}.", SubmitPrompt: "unused", SubmitName: "submit"},
			want: "Use tools, then submit."},
		"no prompts": {cfg: Config{SubmitName: "submit"}, want: ""},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tc.want, tc.cfg.systemPrompt())
		})
	}
}

func TestContinuePromptWhenNoToolCall(t *testing.T) {
	t.Parallel()
	s := &script{steps: []step{text("thinking"), submit("c1", "4")}}
	host := &sdktest.AgentHost{GenerateFunc: s.generate}
	out, err := runReact(t, host, map[string]any{"on_continue": "Go on, then {submit}."})
	require.NoError(t, err)
	assert.Equal(t, "4", out.Completion)
	msgs := s.requests()[1].Messages
	assert.Equal(t, model.Message{Role: "user", Content: "Go on, then submit."}, msgs[len(msgs)-1])
}

func TestAttemptsFollowGateVerdicts(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		attempts float64
		verdicts []agent.Verdict
		submits  int
		want     string
	}{
		"retry after a failed check": {attempts: 3,
			verdicts: []agent.Verdict{{Checked: true}, {Checked: true, Passed: true}}, submits: 2, want: "5"},
		"single attempt ends at once": {attempts: 1, verdicts: []agent.Verdict{{Checked: true}}, submits: 1, want: "3"},
		"attempts run out":            {attempts: 2, verdicts: []agent.Verdict{{Checked: true}, {Checked: true}}, submits: 2, want: "5"},
		"unchecked ends at once":      {attempts: 3, verdicts: []agent.Verdict{{}}, submits: 1, want: "3"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := &script{steps: []step{submit("c1", "3"), submit("c2", "5"), submit("c3", "7")}}
			var answers []string
			host := &sdktest.AgentHost{GenerateFunc: s.generate,
				SubmitFunc: func(_ context.Context, a string) (agent.Verdict, error) {
					answers = append(answers, a)
					return tc.verdicts[len(answers)-1], nil
				}}
			out, err := runReact(t, host, map[string]any{"attempts": tc.attempts, "incorrect_message": "Wrong."})
			require.NoError(t, err)
			assert.Equal(t, tc.want, out.Completion)
			assert.Len(t, answers, tc.submits)
			if tc.submits > 1 {
				msgs := s.requests()[1].Messages
				assert.Equal(t, model.Message{Role: "user", Content: "Wrong."}, msgs[len(msgs)-1])
			}
		})
	}
}

func TestCompletionJoinsTextAndAnswer(t *testing.T) {
	t.Parallel()
	withText := submit("c1", "42")
	withText.out.Message.Content, withText.out.Completion = "The answer is", "The answer is"
	cases := map[string]struct {
		cfg  map[string]any
		want string
	}{
		"default delimiter": {want: "The answer is\n\n42"},
		"custom delimiter":  {cfg: map[string]any{"answer_delimiter": ": "}, want: "The answer is: 42"},
		"answer only":       {cfg: map[string]any{"answer_only": true}, want: "42"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := &script{steps: []step{withText}}
			out, err := runReact(t, &sdktest.AgentHost{GenerateFunc: s.generate}, tc.cfg)
			require.NoError(t, err)
			assert.Equal(t, tc.want, out.Completion)
		})
	}
}
