package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// runner keeps one member's state: what expand needs of its request, its
// conversation and the model that last answered.
type runner struct {
	req       agent.RunRequest
	exit      func(int)
	messages  []model.Message
	lastModel string
	// tool is the tool the pending step called.
	tool string
}

// member runs a member's steps one host call at a time (agent.Member):
// next is the step to begin, and the step before it, when there is one,
// awaits the answer Step is given.
type member struct {
	r     *runner
	steps []Step
	next  int
}

// Step finishes the pending step with a, then begins the next; running
// out of steps ends the member with an empty output.
func (m *member) Step(_ context.Context, a agent.Answer) (agent.Call, error) {
	if m.next > 0 {
		s := m.steps[m.next-1]
		out, done, err := m.r.finish(s, a)
		if err != nil {
			return agent.Call{}, fmt.Errorf("step %d (%s): %w", m.next, s.Action, err)
		}
		if done {
			return agent.Call{Done: &agent.RunResponse{Output: out}}, nil
		}
	}
	if m.r.messages != nil && !generates(m.steps[m.next:]) {
		m.r.messages = nil // no later step sends it: a waiting member keeps no conversation
	}
	if m.next < len(m.steps) {
		s := m.steps[m.next]
		m.next++
		call, out, done, err := m.r.begin(s)
		if err != nil {
			return agent.Call{}, fmt.Errorf("step %d (%s): %w", m.next, s.Action, err)
		}
		if done {
			return agent.Call{Done: &agent.RunResponse{Output: out}}, nil
		}
		return call, nil
	}
	return agent.Call{Done: &agent.RunResponse{Output: model.TextOutput(m.r.lastModel, "")}}, nil
}

// generates reports whether any of steps is a model call.
func generates(steps []Step) bool {
	for _, s := range steps {
		if s.Action == "generate" {
			return true
		}
	}
	return false
}

// begin starts one step: the host call (or wait) it makes, or, when done,
// the member's answer.
func (r *runner) begin(s Step) (call agent.Call, out model.Output, done bool, err error) {
	switch s.Action {
	case "sleep":
		dur, err := time.ParseDuration(r.expand(s.Duration))
		if err != nil {
			return call, out, false, fmt.Errorf("sleep: duration %q is not a duration like \"200ms\" or \"1s\"", r.expand(s.Duration))
		}
		return agent.Call{Sleep: dur}, out, false, nil
	case "generate":
		if s.Prompt != "" {
			r.messages = append(r.messages, model.Message{Role: model.RoleUser, Content: r.expand(s.Prompt)})
		}
		return agent.Call{Generate: &agent.GenerateRequest{Messages: r.messages}}, out, false, nil
	case "write_file":
		return r.toolCall("write_file", inSandbox(s, map[string]any{"path": s.Path, "content": s.Content})), out, false, nil
	case "exec":
		return r.toolCall("exec", inSandbox(s, map[string]any{"command": toAny(s.Command)})), out, false, nil
	case "send":
		return r.toolCall("send_message", map[string]any{"to": r.expandTo(s.To), "message": r.expand(s.Message)}), out, false, nil
	case "read":
		return r.toolCall("read_messages", map[string]any{"wait_seconds": seconds(s.Wait)}), out, false, nil
	case "resources":
		return r.toolCall("swarm_resources", map[string]any{}), out, false, nil
	case "submit":
		answer := r.expand(s.Answer)
		return agent.Call{Submit: &answer}, out, false, nil
	case "fail":
		return call, out, false, fmt.Errorf("%s", s.Message)
	case "give_up":
		return call, r.giveUp(s), true, nil
	case "stop_self":
		return agent.Call{StopSelf: &s.Message}, out, false, nil
	case "crash":
		r.exit(2)
		return call, out, false, fmt.Errorf("crash")
	case "hang":
		return agent.Call{Sleep: agent.Forever}, out, false, nil
	}
	if isBoard(s.Action) {
		return r.toolCall(r.boardArgs(s)), out, false, nil
	}
	return call, out, false, fmt.Errorf("unknown action %q", s.Action)
}

// finish takes the answer to a step's call; done means the member returns
// out as its answer.
func (r *runner) finish(s Step, a agent.Answer) (out model.Output, done bool, err error) {
	switch s.Action {
	case "generate":
		if a.Err != nil {
			return out, false, a.Err
		}
		r.messages = append(r.messages, a.Generate.Output.Message)
		r.lastModel = a.Generate.Output.Model
		return out, false, nil
	case "submit":
		return r.submitted(s, a)
	case "stop_self":
		return model.TextOutput(r.lastModel, ""), a.Err == nil, a.Err
	case "write_file", "exec", "send", "read", "resources":
		return out, false, r.toolErr(a)
	}
	if isBoard(s.Action) {
		err := r.toolErr(a)
		if err != nil && s.ContinueOnError {
			return out, false, nil
		}
		return out, false, err
	}
	return out, false, a.Err // sleep, hang
}

// inSandbox adds the step's sandbox to a tool call's arguments, when it names one.
func inSandbox(s Step, args map[string]any) map[string]any {
	if s.Sandbox != "" {
		args["sandbox"] = s.Sandbox
	}
	return args
}

// toolCall is a step's call of a host tool.
func (r *runner) toolCall(name string, args map[string]any) agent.Call {
	r.tool = name
	return agent.Call{Tool: &model.ToolCall{ID: name, Function: name, Arguments: args}}
}

// toolErr is a tool call's failure; a tool error fails the member,
// naming the tool.
func (r *runner) toolErr(a agent.Answer) error {
	if a.Err != nil {
		return a.Err
	}
	if a.Tool.Error != nil {
		return fmt.Errorf("tool %s: %s", r.tool, a.Tool.Error.Message)
	}
	return nil
}

// submitted takes the gate's verdict: a failed gate with continue_on_fail
// goes on, anything else returns the answer.
func (r *runner) submitted(s Step, a agent.Answer) (model.Output, bool, error) {
	if a.Err != nil {
		return model.Output{}, false, a.Err
	}
	if v := a.Verdict; v.Checked && !v.Passed && s.ContinueOnFail {
		return model.Output{}, false, nil
	}
	return model.TextOutput(r.lastModel, r.expand(s.Answer)), true, nil
}

// expand replaces {member}, {index}, {sample} (the sample's id) and
// {epoch} (its 1-based epoch): a script can then vary by epoch, as a model
// would, deterministically.
func (r *runner) expand(s string) string {
	if !strings.Contains(s, "{") {
		return s // no placeholder: no replacer built, no copy
	}
	return strings.NewReplacer("{member}", r.req.Member, "{index}", strconv.Itoa(r.req.Index),
		"{sample}", r.req.Sample.ID, "{epoch}", strconv.Itoa(r.req.Sample.Epoch)).Replace(s)
}

// expandTo expands placeholders in a send's address: a name or a list.
func (r *runner) expandTo(to any) any {
	switch v := to.(type) {
	case string:
		return r.expand(v)
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = r.expandTo(x)
		}
		return out
	}
	return to
}

func seconds(d string) float64 {
	dur, _ := time.ParseDuration(d)
	return dur.Seconds()
}

func toAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// giveUp is the output of a member that gives up, as a react loop does: a
// normal return whose stop reason is stop_reason ("model_length" unless
// given, or "content_filter"); the host records it "unsubmitted".
func (r *runner) giveUp(s Step) model.Output {
	out := model.TextOutput(r.lastModel, r.expand(s.Message))
	out.StopReason = s.StopReason
	if out.StopReason == "" {
		out.StopReason = "model_length"
	}
	return out
}
