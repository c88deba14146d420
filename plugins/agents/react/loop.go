package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// maxContentFilter is how many content_filter stops in a row end the loop
// (Inspect's react gives the model that many chances to recover).
const maxContentFilter = 3

// loop is one member's conversation in progress.
type loop struct {
	cfg      Config
	host     agent.Host
	tools    []model.ToolInfo
	messages []model.Message
	attempts int
	filtered int
	failures int
	warned   bool
}

// newLoop starts the conversation: the system message (the prompts), then
// the member's input, which ends with the host's preamble; the tools are
// the host's plus submit.
func newLoop(ctx context.Context, req agent.RunRequest, cfg Config) (*loop, error) {
	hostTools, err := req.Host.ListTools(ctx)
	if err != nil {
		return nil, fmt.Errorf("react: list tools: %w", err)
	}
	l := &loop{cfg: cfg, host: req.Host}
	for _, t := range hostTools {
		if t.Name != cfg.SubmitName {
			l.tools = append(l.tools, t)
		}
	}
	l.tools = append(l.tools, submitTool(cfg))
	// the host's preamble is already the input's last message
	if sys := cfg.systemPrompt(); sys != "" {
		l.messages = append(l.messages, model.Message{Role: model.RoleSystem, Content: sys})
	}
	l.messages = append(l.messages, req.Input...)
	return l, nil
}

// run loops until an accepted submission, a refusal or a failure.
func (l *loop) run(ctx context.Context) (model.Output, error) {
	for {
		out, err := l.generate(ctx)
		if err != nil || out == nil {
			if err != nil {
				return model.Output{}, err
			}
			continue
		}
		if l.gaveUp(out.StopReason) {
			// a normal return whose output's stop reason says why: the
			// host records the member "unsubmitted", as Inspect's react()
			// returns then
			return *out, nil
		}
		if len(out.Message.ToolCalls) == 0 {
			l.user(strings.ReplaceAll(l.cfg.OnContinue, "{submit}", l.cfg.SubmitName))
			continue
		}
		answer, submitted, err := l.callTools(ctx, out.Message.ToolCalls)
		if err != nil {
			return model.Output{}, err
		}
		if !submitted {
			continue
		}
		final := l.answered(*out, answer)
		if done, err := l.attempt(ctx, answer); done || err != nil {
			return final, err
		}
	}
}

// generate makes one model call and appends the answer. A failed call that
// the host did not refuse is told to the model (nil output, nil error)
// until model_errors failures in a row.
func (l *loop) generate(ctx context.Context) (*model.Output, error) {
	resp, err := l.host.Generate(ctx, agent.GenerateRequest{Messages: l.messages, Tools: l.tools})
	if err != nil {
		if errors.Is(err, agent.ErrRefused) || ctx.Err() != nil {
			return nil, err
		}
		l.failures++
		if l.failures > l.cfg.ModelErrors {
			return nil, fmt.Errorf("react: %d model calls in a row failed: %w", l.failures, err)
		}
		_ = l.host.Log(ctx, "warn", "model call failed; telling the model", map[string]any{"error": err.Error()})
		l.user(fmt.Sprintf(DefaultModelErrorMessage, err))
		return nil, nil
	}
	l.failures = 0
	l.messages = append(l.messages, resp.Added()...)
	return &resp.Output, nil
}

// gaveUp reports the loop's give-up: a full context window, or the
// content filter maxContentFilter times in a row.
func (l *loop) gaveUp(reason string) bool {
	switch reason {
	case "model_length":
		return true
	case "content_filter":
		l.filtered++
		return l.filtered >= maxContentFilter
	}
	l.filtered = 0
	return false
}

// user appends a user message.
func (l *loop) user(text string) {
	l.messages = append(l.messages, model.Message{Role: model.RoleUser, Content: text})
}
