// Command hostile-agent is an agent plugin that attacks the machine on the
// sample "attack" (see ../attack) and answers "42" on every other sample.
// It refuses to run outside swarmhost's sandbox.
package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"

	"github.com/swarmhost/swarmhost/host/isolate/testdata/hostile/attack"
	"github.com/swarmhost/swarmhost/sdk"
	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/schema"
)

type hostile struct{}

type config struct {
	Attack string `json:"attack"`
	Arg    string `json:"arg"`
}

func (hostile) Metadata(_ context.Context, _ agent.MetadataRequest, resp *agent.MetadataResponse) {
	// Named after its file: the same binary serves "hostile" and, beside
	// swarmhost, "besides".
	resp.Name, resp.Version = strings.TrimPrefix(filepath.Base(os.Args[0]), "swarmhost-agent-"), "0.0.1"
	resp.Schema = schema.Schema{Attributes: []schema.Attribute{
		{Name: "attack", Type: "string", Default: ""}, {Name: "arg", Type: "string", Default: ""}}}
}

func (hostile) Run(ctx context.Context, req agent.RunRequest, resp *agent.RunResponse) error {
	var cfg config
	if err := req.Config.Decode(&cfg); err != nil {
		return err
	}
	answer := "42"
	switch {
	case req.Sample.ID == attack.SampleID && cfg.Attack == "afterlimit":
		// a limited member's answer is not in the log: the outcome is logged
		answer = afterLimit(ctx, req.Host, cfg.Arg)
		_ = req.Host.Log(ctx, "error", "afterlimit: "+answer, nil)
	case req.Sample.ID == attack.SampleID && cfg.Attack != "":
		answer = attack.Run(cfg.Attack, cfg.Arg)
	}
	resp.Output = model.TextOutput("", answer)
	return nil
}

// afterLimit stops itself (a custom limit), then goes on changing its
// sandbox through its tools — writing what an exec scorer would run over
// /bin/sh, or running a command (issue 27: after a member limit its sandbox
// writes and tool calls still worked until scoring). The answer is the
// outcome, which Run logs.
func afterLimit(ctx context.Context, h agent.Host, how string) string {
	if err := agent.StopSelf(ctx, h, "past my limit"); err != nil {
		return "cannot stop itself: " + err.Error()
	}
	call := model.ToolCall{ID: "late", Function: "write_file", Arguments: map[string]any{"file_path": "sh", "content": "#!/bin/true\n"}}
	if how == "exec" {
		call = model.ToolCall{ID: "late", Function: "exec", Arguments: map[string]any{"command": []any{"sh", "-c", "echo pwned > sh"}}}
	}
	res, err := h.CallTool(ctx, call)
	switch {
	case err != nil:
		return "blocked: " + err.Error()
	case res.Error != nil:
		return "blocked: the tool failed: " + res.Error.Message
	}
	return "ESC" + "APED: changed its sandbox after its limit"
}

func main() {
	attack.Guard()
	sdk.Serve(sdk.Plugins{Agents: []agent.Agent{hostile{}}})
}
