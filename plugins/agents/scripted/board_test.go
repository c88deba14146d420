package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestBoardSteps(t *testing.T) {
	line := 2
	secs := 5
	tests := []struct {
		name     string
		step     Step
		bad      string
		tool     string
		wantArgs map[string]any
	}{
		{name: "view with a range", step: Step{Action: "view", Path: "f-1", BoardStep: BoardStep{ViewRange: []int{1, -1}}},
			tool: "shared_memory", wantArgs: map[string]any{"command": "view", "path": "f-1", "view_range": []any{1, -1}}},
		{name: "create", step: Step{Action: "create", Path: "/shared_memory/{member}.md", Content: "hi {member}"},
			tool: "shared_memory", wantArgs: map[string]any{"command": "create", "path": "/shared_memory/m.md", "file_text": "hi m"}},
		{name: "insert", step: Step{Action: "insert", Path: "/shared_memory/a", Content: "x", BoardStep: BoardStep{InsertLine: &line}},
			tool: "shared_memory", wantArgs: map[string]any{"command": "insert", "path": "/shared_memory/a", "insert_line": 2, "insert_text": "x"}},
		{name: "append", step: Step{Action: "append", Path: "/shared_memory/log", Content: "x"},
			tool: "shared_memory", wantArgs: map[string]any{"command": "append", "path": "/shared_memory/log", "append_text": "x"}},
		{name: "rename", step: Step{Action: "rename", BoardStep: BoardStep{OldPath: "/shared_memory/a", NewPath: "/shared_memory/b"}},
			tool: "shared_memory", wantArgs: map[string]any{"command": "rename", "old_path": "/shared_memory/a", "new_path": "/shared_memory/b"}},
		{name: "wait with a timeout", step: Step{Action: "wait", BoardStep: BoardStep{Timeout: &secs}},
			tool: "swarm_wait", wantArgs: map[string]any{"timeout": 5}},
		{name: "insert without a line", step: Step{Action: "insert", Path: "/shared_memory/a"}, bad: "insert needs path and insert_line"},
		{name: "str_replace without old_str", step: Step{Action: "str_replace", Path: "/shared_memory/a"}, bad: "str_replace needs path and old_str"},
		{name: "view without a path", step: Step{Action: "view"}, bad: "view needs a path"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.step.validate()
			if tt.bad != "" {
				require.EqualError(t, err, tt.bad)
				return
			}
			require.NoError(t, err)
			r := &runner{}
			r.req.Member = "m"
			tool, args := r.boardArgs(tt.step)
			require.Equal(t, tt.tool, tool)
			require.Equal(t, tt.wantArgs, args)
		})
	}
}
