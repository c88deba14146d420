package eval

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/swarmhost/swarmhost/host/swarm"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// namedTools is a member's own tools, by name only.
type namedTools []string

func (n namedTools) List() []model.ToolInfo {
	out := make([]model.ToolInfo, len(n))
	for i, name := range n {
		out[i] = model.ToolInfo{Name: name}
	}
	return out
}

func (namedTools) Call(context.Context, model.ToolCall) (string, *model.ToolError) { return "own", nil }

// names lists a tool set's names (nil for none).
func names(t swarm.Tools) []string {
	if t == nil {
		return nil
	}
	var out []string
	for _, ti := range t.List() {
		out = append(out, ti.Name)
	}
	return out
}

// TestWithTaskTools: the tools an Inspect task's setup steps gave the sample are offered to every
// member but the task's own solver (which runs them in the task plugin), after its own tools, and
// one of its own tools of the same name wins.
func TestWithTaskTools(t *testing.T) {
	task := []model.ToolInfo{{Name: "read_note"}, {Name: "bash"}}
	cases := map[string]struct {
		agent   string
		own     swarm.Tools
		inspect bool
		tools   []model.ToolInfo
		want    []string
	}{
		"another member gets them after its own": {agent: "react", own: namedTools{"python"}, inspect: true,
			tools: task, want: []string{"python", "read_note", "bash"}},
		"its own tool of the same name wins": {agent: "react", own: namedTools{"bash"}, inspect: true,
			tools: task, want: []string{"bash", "read_note"}},
		"a member without tools of its own": {agent: "inspect", inspect: true, tools: task,
			want: []string{"read_note", "bash"}},
		"the task's solver runs them itself": {agent: "solver", own: namedTools{"python"}, inspect: true,
			tools: task, want: []string{"python"}},
		"the setup gave no tools": {agent: "react", own: namedTools{"python"}, inspect: true,
			want: []string{"python"}},
		"not an Inspect task": {agent: "react", own: namedTools{"python"}, tools: task,
			want: []string{"python"}},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			r := &evalRun{}
			if c.inspect {
				r.inspect = &inspectRun{}
			}
			s := &sampleRun{r: r, taskTools: c.tools}
			got := s.withTaskTools(swarm.Member{Name: "m", AgentName: c.agent}, c.own, &memberSandboxes{})
			assert.Equal(t, c.want, names(got))
		})
	}
}
