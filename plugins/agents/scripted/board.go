package main

import (
	"fmt"
	"slices"
)

// boardActions are the steps that drive the shared_memory board: one per
// tool command, and "wait" for swarm_wait.
var boardActions = []string{"view", "create", "str_replace", "insert", "append", "delete", "rename", "wait"}

// BoardStep holds the fields of the board steps (embedded in Step).
type BoardStep struct {
	// OldStr and NewStr for "str_replace"; InsertLine for "insert";
	// OldPath and NewPath for "rename"; ViewRange for "view". Path is the
	// file (or, for "wait", what to watch) and Content the file_text,
	// insert_text or append_text.
	OldStr     string `json:"old_str"`
	NewStr     string `json:"new_str"`
	InsertLine *int   `json:"insert_line"`
	OldPath    string `json:"old_path"`
	NewPath    string `json:"new_path"`
	ViewRange  []int  `json:"view_range"`
	// Timeout for "wait", in seconds (default: the channel's max_wait).
	Timeout *int `json:"timeout"`
	// ContinueOnError goes on after the board refuses the step (a stale
	// version, a limit), as a model would; otherwise a refusal fails the
	// member.
	ContinueOnError bool `json:"continue_on_error"`
}

// isBoard reports whether action is a board step.
func isBoard(action string) bool { return slices.Contains(boardActions, action) }

// validateBoard checks the fields a board step needs.
func (s Step) validateBoard() error {
	switch s.Action {
	case "view", "delete", "create", "append":
		if s.Path == "" {
			return fmt.Errorf("%s needs a path", s.Action)
		}
	case "str_replace":
		if s.Path == "" || s.OldStr == "" {
			return fmt.Errorf("str_replace needs path and old_str")
		}
	case "insert":
		if s.Path == "" || s.InsertLine == nil {
			return fmt.Errorf("insert needs path and insert_line")
		}
	case "rename":
		if s.OldPath == "" || s.NewPath == "" {
			return fmt.Errorf("rename needs old_path and new_path")
		}
	}
	return nil
}

// boardArgs are a board step's tool call: its tool and arguments.
func (r *runner) boardArgs(s Step) (string, map[string]any) {
	if s.Action == "wait" {
		args := map[string]any{}
		if s.Path != "" {
			args["path"] = r.expand(s.Path)
		}
		if s.Timeout != nil {
			args["timeout"] = *s.Timeout
		}
		return "swarm_wait", args
	}
	args := map[string]any{"command": s.Action}
	set := func(name, v string) {
		if v != "" {
			args[name] = r.expand(v)
		}
	}
	set("path", s.Path)
	switch s.Action {
	case "create":
		args["file_text"] = r.expand(s.Content)
	case "append":
		args["append_text"] = r.expand(s.Content)
	case "insert":
		args["insert_line"], args["insert_text"] = *s.InsertLine, r.expand(s.Content)
	case "str_replace":
		set("old_str", s.OldStr)
		args["new_str"] = r.expand(s.NewStr)
	case "rename":
		set("old_path", s.OldPath)
		set("new_path", s.NewPath)
	case "view":
		if len(s.ViewRange) > 0 {
			args["view_range"] = toAnyInts(s.ViewRange)
		}
	}
	return "shared_memory", args
}

func toAnyInts(ns []int) []any {
	out := make([]any, len(ns))
	for i, n := range ns {
		out[i] = n
	}
	return out
}
