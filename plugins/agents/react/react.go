package main

import (
	"context"

	"github.com/swarmhost/swarmhost/sdk/agent"
)

// React is Inspect's react() agent as a swarmhost plugin: a loop of
// generate → tool calls → results until the model calls submit(answer).
//
// Turn by turn, as Inspect's:
//  1. generate with the conversation and the host's tools plus submit;
//  2. stop reason model_length (context window full): return that output
//     (the host records the member "unsubmitted"); content_filter three
//     times in a row: the same;
//  3. run the tool calls in order (submit locally, the rest through the
//     host, in the member's own sandbox or its channels); a call whose
//     arguments did not parse gets a "parsing" tool error;
//  4. a successful submit is an attempt: the host's gate check (Submit)
//     runs on it; with attempts left and a failed check, incorrect_message
//     goes back and the loop continues; otherwise the member returns the
//     answer (the completion is the model's text, answer_delimiter, then the
//     answer; or the answer alone with answer_only);
//  5. no tool call: on_continue goes back as a user message.
//
// Departures, each because swarmhost runs the agent out of process: a
// failed model call (after the host's own retries) is told to the model as
// a user message and the call is made again, up to model_errors times in a
// row; when the host refuses a call (the swarm is stopping, a limit or
// share is spent) the agent returns at once; notices from the messages
// channel are appended by the host itself at each turn boundary.
type React struct{}

// Metadata describes the plugin and its config schema.
func (*React) Metadata(_ context.Context, _ agent.MetadataRequest, resp *agent.MetadataResponse) {
	resp.Name = "react"
	resp.Version = "0.1.0"
	resp.Description = "Inspect's react() tool loop: generate, call tools, until the model calls submit(answer)"
	resp.Schema = configSchema
}

// ValidateConfig checks what the schema cannot.
func (*React) ValidateConfig(_ context.Context, req agent.ValidateConfigRequest, resp *agent.ValidateConfigResponse) {
	var cfg Config
	if err := req.Config.Decode(&cfg); err != nil {
		resp.Diagnostics.AddError("Invalid react config", err.Error())
		return
	}
	for _, p := range cfg.check() {
		resp.Diagnostics.AddError("Invalid react config", p)
	}
}

// Run runs the member's loop to its answer.
func (*React) Run(ctx context.Context, req agent.RunRequest, resp *agent.RunResponse) error {
	var cfg Config
	if err := req.Config.Decode(&cfg); err != nil {
		return err
	}
	l, err := newLoop(ctx, req, cfg)
	if err != nil {
		return err
	}
	out, err := l.run(ctx)
	resp.Output = out
	return err
}

// Interface guards.
var (
	_ agent.Agent              = (*React)(nil)
	_ agent.WithValidateConfig = (*React)(nil)
)
