package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sync"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/schema"
)

// Scripted runs a fixed list of steps per member. It is deterministic: the
// same config and the same host answers give the same calls and output.
type Scripted struct {
	// Exit ends the process for the "crash" step; tests replace it.
	Exit func(code int)
}

// Config is the member's config block.
type Config struct {
	Steps []Step `json:"steps"`
}

// Metadata describes the plugin and its schema.
func (*Scripted) Metadata(_ context.Context, _ agent.MetadataRequest, resp *agent.MetadataResponse) {
	resp.Name = "scripted"
	resp.Version = "0.1.0"
	resp.Description = "deterministic agent that runs a fixed list of steps"
	resp.Schema = schema.Schema{Attributes: []schema.Attribute{{
		Name: "steps", Type: "any", Default: []any{},
		Description: "steps run in order: sleep, generate, write_file, exec, send, read, resources, submit, fail, give_up, stop_self, crash, hang, " +
			"and the board's view, create, str_replace, insert, append, delete, rename, wait",
	}}}
}

// ValidateConfig checks every step; a diagnostic's path names the step.
func (*Scripted) ValidateConfig(_ context.Context, req agent.ValidateConfigRequest, resp *agent.ValidateConfigResponse) {
	var cfg Config
	if err := req.Config.Decode(&cfg); err != nil {
		resp.Diagnostics.AddError("Invalid steps", "steps must be a list of objects: "+err.Error(), "steps")
		return
	}
	for i, s := range cfg.Steps {
		if err := s.validate(); err != nil {
			resp.Diagnostics.AddError("Invalid step", fmt.Sprintf("step %d: %v", i+1, err), "steps", fmt.Sprint(i))
		}
	}
}

// Run runs the member's steps in order, each host call blocking: the
// path of hosts without the member stream.
func (s *Scripted) Run(ctx context.Context, req agent.RunRequest, resp *agent.RunResponse) error {
	m, err := s.StartMember(ctx, req)
	if err != nil {
		return err
	}
	out, err := agent.RunSteps(ctx, req.Host, m)
	resp.Output = out
	return err
}

// StartMember begins a member whose steps the SDK drives one host call at
// a time (agent.Stepper): between calls a member is its conversation and
// its place in the shared steps, with no goroutine waiting for it.
func (s *Scripted) StartMember(_ context.Context, req agent.RunRequest) (agent.Member, error) {
	steps, err := decodeSteps(req.Config.JSON())
	if err != nil {
		return nil, err
	}
	// the conversation is allocated once at its final size: each append
	// growing it would keep a larger array and leave the smaller ones behind
	messages := make([]model.Message, len(req.Input), len(req.Input)+messagesAdded(steps))
	copy(messages, req.Input)
	r := &runner{exit: s.Exit, messages: messages,
		req: agent.RunRequest{Member: req.Member, Role: req.Role, Index: req.Index, Sample: req.Sample}}
	return &member{r: r, steps: steps}, nil
}

// messagesAdded is how many messages steps add to a member's
// conversation when every model call is answered: each generate step's
// prompt, when it has one, and the model's reply.
func messagesAdded(steps []Step) int {
	n := 0
	for _, s := range steps {
		if s.Action == "generate" {
			n++
			if s.Prompt != "" {
				n++
			}
		}
	}
	return n
}

func exitNow(code int) { os.Exit(code) }

// decoded holds the steps of each config seen, by its JSON: the members
// of a block share one config, so 10 000 members decode it once and share
// one copy, which runners only read.
var decoded sync.Map

// decodeSteps returns the steps of a config, decoded once per config.
func decodeSteps(raw []byte) ([]Step, error) {
	if v, ok := decoded.Load(string(raw)); ok {
		return v.([]Step), nil
	}
	var cfg Config
	if err := json.Unmarshal(raw, &cfg); err != nil {
		return nil, fmt.Errorf("schema: decode config: %w", err)
	}
	v, _ := decoded.LoadOrStore(string(raw), cfg.Steps)
	return v.([]Step), nil
}

// Interface guards.
var (
	_ agent.Agent              = (*Scripted)(nil)
	_ agent.WithValidateConfig = (*Scripted)(nil)
	_ agent.Stepper            = (*Scripted)(nil)
)
