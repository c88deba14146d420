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

// runner runs one member's steps and keeps its conversation.
type runner struct {
	req       agent.RunRequest
	exit      func(int)
	messages  []model.Message
	lastModel string
}

// run executes the steps; running out of steps returns an empty output.
func (r *runner) run(ctx context.Context, steps []Step) (model.Output, error) {
	r.messages = append([]model.Message(nil), r.req.Input...)
	for i, s := range steps {
		out, done, err := r.step(ctx, s)
		if err != nil {
			return model.Output{}, fmt.Errorf("step %d (%s): %w", i+1, s.Action, err)
		}
		if done {
			return out, nil
		}
	}
	return model.TextOutput(r.lastModel, ""), nil
}

// step runs one step; done means the member returns out as its answer.
func (r *runner) step(ctx context.Context, s Step) (out model.Output, done bool, err error) {
	switch s.Action {
	case "sleep":
		return out, false, sleep(ctx, s.Duration)
	case "generate":
		return out, false, r.generate(ctx, s.Prompt)
	case "write_file":
		return out, false, r.tool(ctx, "write_file", map[string]any{"path": s.Path, "content": s.Content})
	case "exec":
		return out, false, r.tool(ctx, "exec", map[string]any{"command": toAny(s.Command)})
	case "send":
		return out, false, r.tool(ctx, "send_message", map[string]any{"to": r.expandTo(s.To), "message": r.expand(s.Message)})
	case "read":
		return out, false, r.tool(ctx, "read_messages", map[string]any{"wait_seconds": seconds(s.Wait)})
	case "resources":
		return out, false, r.tool(ctx, "swarm_resources", map[string]any{})
	case "submit":
		return r.submit(ctx, s)
	case "fail":
		return out, false, fmt.Errorf("%s", s.Message)
	case "give_up":
		return r.giveUp(s), true, nil
	case "stop_self":
		return model.TextOutput(r.lastModel, ""), true, agent.StopSelf(ctx, r.req.Host, s.Message)
	case "crash":
		r.exit(2)
		return out, false, fmt.Errorf("crash")
	case "hang":
		<-ctx.Done()
		return out, false, ctx.Err()
	}
	if isBoard(s.Action) {
		return out, false, r.board(ctx, s)
	}
	return out, false, fmt.Errorf("unknown action %q", s.Action)
}

// generate makes one model call with the conversation so far.
func (r *runner) generate(ctx context.Context, prompt string) error {
	if prompt != "" {
		r.messages = append(r.messages, model.Message{Role: model.RoleUser, Content: r.expand(prompt)})
	}
	resp, err := r.req.Host.Generate(ctx, agent.GenerateRequest{Messages: r.messages})
	if err != nil {
		return err
	}
	r.messages = append(r.messages, resp.Output.Message)
	r.lastModel = resp.Output.Model
	return nil
}

// tool calls a host tool; a tool error fails the member, naming the tool.
func (r *runner) tool(ctx context.Context, name string, args map[string]any) error {
	res, err := r.req.Host.CallTool(ctx, model.ToolCall{ID: name, Function: name, Arguments: args})
	if err != nil {
		return err
	}
	if res.Error != nil {
		return fmt.Errorf("tool %s: %s", name, res.Error.Message)
	}
	return nil
}

// submit checks the answer with the host; a failed gate with
// continue_on_fail goes on, anything else returns the answer.
func (r *runner) submit(ctx context.Context, s Step) (model.Output, bool, error) {
	answer := r.expand(s.Answer)
	v, err := r.req.Host.Submit(ctx, answer)
	if err != nil {
		return model.Output{}, false, err
	}
	if v.Checked && !v.Passed && s.ContinueOnFail {
		return model.Output{}, false, nil
	}
	return model.TextOutput(r.lastModel, answer), true, nil
}

// expand replaces {member}, {index}, {sample} (the sample's id) and
// {epoch} (its 1-based epoch): a script can then vary by epoch, as a model
// would, deterministically.
func (r *runner) expand(s string) string {
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

func sleep(ctx context.Context, d string) error {
	dur, _ := time.ParseDuration(d)
	select {
	case <-time.After(dur):
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
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
