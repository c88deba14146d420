package main

import (
	"fmt"
	"strings"
	"time"
)

// Step is one scripted action. Which fields apply depends on Action.
type Step struct {
	Action string `json:"action"`
	// Duration for "sleep"; Wait for "read" (Go duration strings). A
	// duration may use the placeholders of Answer ("{index}s", "{epoch}00ms"),
	// checked once they are replaced.
	Duration string `json:"duration"`
	Wait     string `json:"wait"`
	// Prompt for "generate".
	Prompt string `json:"prompt"`
	// Path and Content for "write_file".
	Path    string `json:"path"`
	Content string `json:"content"`
	// Command for "exec".
	Command []string `json:"command"`
	// Sandbox for "write_file" and "exec": one of the member's visible
	// sandboxes (the tools' sandbox argument); empty is the member's own.
	Sandbox string `json:"sandbox"`
	// To and Message for "send"; To is a member name, a list, or "all".
	To      any    `json:"to"`
	Message string `json:"message"`
	// Answer for "submit"; {member}, {index}, {sample} and {epoch} are
	// replaced (in Prompt, Message, Path, Content, each Command argument
	// and Sandbox too).
	Answer string `json:"answer"`
	// ContinueOnFail lets a failed gate check go on to the next steps.
	ContinueOnFail bool `json:"continue_on_fail"`
	// StopReason for "give_up": "model_length" (default) or
	// "content_filter". Message is the output's text for "give_up" and the
	// reason for "stop_self".
	StopReason string `json:"stop_reason"`
	BoardStep
}

// validate checks the fields the action needs.
func (s Step) validate() error {
	switch s.Action {
	case "sleep":
		if strings.Contains(s.Duration, "{") {
			return nil // checked when its placeholders are replaced
		}
		return checkDuration("duration", s.Duration, true)
	case "read":
		return checkDuration("wait", s.Wait, false)
	case "write_file":
		if s.Path == "" {
			return fmt.Errorf("write_file needs a path")
		}
	case "exec":
		if len(s.Command) == 0 {
			return fmt.Errorf("exec needs a command list")
		}
	case "send":
		if s.To == nil || s.Message == "" {
			return fmt.Errorf("send needs to and message")
		}
	case "give_up":
		if s.StopReason != "" && s.StopReason != "model_length" && s.StopReason != "content_filter" {
			return fmt.Errorf(`give_up's stop_reason must be "model_length" or "content_filter", not %q`, s.StopReason)
		}
	case "generate", "submit", "fail", "crash", "hang", "stop_self", "resources":
	default:
		if isBoard(s.Action) {
			return s.validateBoard()
		}
		return fmt.Errorf("unknown action %q (want sleep, generate, write_file, exec, send, read, resources, submit, fail, give_up, stop_self, crash, hang, "+
			"or a board step: view, create, str_replace, insert, append, delete, rename, wait)", s.Action)
	}
	return nil
}

func checkDuration(name, v string, required bool) error {
	if v == "" && !required {
		return nil
	}
	if _, err := time.ParseDuration(v); err != nil {
		return fmt.Errorf("%s %q is not a duration like \"200ms\" or \"1s\"", name, v)
	}
	return nil
}
