package main

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/swarmhost/swarmhost/sdk/agent"
)

func TestExpand(t *testing.T) {
	t.Parallel()
	req := agent.RunRequest{Member: "solver-2", Index: 2, Sample: agent.SampleRef{ID: "q7", Epoch: 3}}
	cases := map[string]struct{ in, want string }{
		"every placeholder": {in: "{member} #{index} on {sample} epoch {epoch}", want: "solver-2 #2 on q7 epoch 3"},
		"repeated":          {in: "4{epoch}{epoch}", want: "433"},
		"no placeholder":    {in: "42", want: "42"},
		"unknown braces":    {in: "{model}", want: "{model}"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r := &runner{req: req}
			assert.Equal(t, tc.want, r.expand(tc.in))
		})
	}
}

// TestExpandInToolSteps expands the placeholders in an exec step's argv,
// a write_file step's path and content, and their sandbox, as in prompts
// and answers.
func TestExpandInToolSteps(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		step Step
		tool string
		args map[string]any
	}{
		{name: "exec argv", step: Step{Action: "exec", Command: []string{"sh", "-c", "echo {member} {index}"}},
			tool: "exec", args: map[string]any{"command": []any{"sh", "-c", "echo b-2 2"}}},
		{name: "write_file path and content", step: Step{Action: "write_file", Path: "/out/{member}.txt", Content: "by {member}"},
			tool: "write_file", args: map[string]any{"path": "/out/b-2.txt", "content": "by b-2"}},
		{name: "sandbox", step: Step{Action: "exec", Command: []string{"true"}, Sandbox: "{member}-svc"},
			tool: "exec", args: map[string]any{"command": []any{"true"}, "sandbox": "b-2-svc"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := &runner{req: agent.RunRequest{Member: "b-2", Index: 2}}
			call, _, done, err := r.begin(tc.step)
			assert.NoError(t, err)
			assert.False(t, done)
			if assert.NotNil(t, call.Tool) {
				assert.Equal(t, tc.tool, call.Tool.Function)
				assert.Equal(t, tc.args, call.Tool.Arguments)
			}
		})
	}
}
