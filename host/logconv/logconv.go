package logconv

import (
	"encoding/json"

	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/swarm"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// logMessages converts chat messages to the log's shape.
func logMessages(ms []model.Message) []evallog.ChatMessage {
	out := make([]evallog.ChatMessage, len(ms))
	for i, m := range ms {
		out[i] = logMessage(m)
	}
	return out
}

// logMessage converts one message; one without an id (an answer no model
// call produced, as a scripted agent's) gets one, as every message in
// Inspect's logs has.
func logMessage(m model.Message) evallog.ChatMessage {
	if m.ID == "" {
		m.ID = evallog.NewID()
	}
	lm := evallog.ChatMessage{ID: m.ID, Role: m.Role, Content: evallog.TextContent(m.Content), Source: m.Source,
		Metadata: m.Metadata, Model: m.Model, ToolCallID: m.ToolCallID, Function: m.Function}
	for _, c := range m.ToolCalls {
		lm.ToolCalls = append(lm.ToolCalls, evallog.ToolCall{ID: c.ID, Function: c.Function,
			Arguments: c.Arguments, ParseError: c.ParseError, Type: "function"})
	}
	if m.Error != nil {
		lm.Error = &evallog.ToolCallError{Type: m.Error.Type, Message: m.Error.Message}
	}
	return lm
}

// logOutput converts a model output; the zero output becomes an empty one.
func logOutput(o model.Output) evallog.ModelOutput {
	out := evallog.ModelOutput{Model: o.Model, Completion: o.Completion, Error: o.Error, Choices: []evallog.ChatCompletionChoice{}}
	if o.Message.Role != "" {
		out.Choices = append(out.Choices, evallog.ChatCompletionChoice{Message: logMessage(o.Message),
			StopReason: orDefault(o.StopReason, "stop")})
	}
	if o.Usage != (model.Usage{}) {
		u := logUsage(o.Usage)
		out.Usage = &u
	}
	if o.Time > 0 {
		out.Time = evallog.Seconds(o.Time)
	}
	return out
}

func logUsage(u model.Usage) evallog.ModelUsage {
	lu := evallog.ModelUsage{InputTokens: u.InputTokens, OutputTokens: u.OutputTokens, TotalTokens: u.TotalTokens}
	if u.InputCacheRead > 0 {
		lu.InputTokensCacheRead = &u.InputCacheRead
	}
	if u.InputCacheWrite > 0 {
		lu.InputTokensCacheWrite = &u.InputCacheWrite
	}
	if u.ReasoningTokens > 0 {
		lu.ReasoningTokens = &u.ReasoningTokens
	}
	if u.TotalCost > 0 {
		lu.TotalCost = &u.TotalCost
	}
	return lu
}

func logUsageMap(m map[string]model.Usage) map[string]evallog.ModelUsage {
	out := make(map[string]evallog.ModelUsage, len(m))
	for k, u := range m {
		out[k] = logUsage(u)
	}
	return out
}

// logScore converts a scorer's verdict: an answer the scorer gave, "" too,
// is written; none is null.
func logScore(s scorer.Score) evallog.Score {
	ls := evallog.Score{Value: evallog.NewValue(s.Value), Metadata: s.Metadata, Answer: s.Answer}
	if s.Explanation != "" {
		ls.Explanation = evallog.Str(s.Explanation)
	}
	return ls
}

func modelEvent(e swarm.Event, base evallog.EventBase) evallog.Event {
	tools := make([]evallog.ToolInfo, 0, len(e.Tools))
	for _, t := range e.Tools {
		tools = append(tools, logTool(t))
	}
	return &evallog.ModelEvent{EventBase: base, Model: e.ModelName, Input: logMessages(e.Input), Tools: tools,
		ToolChoice: evallog.ToolChoiceAuto, Config: evallog.GenerateConfig(e.Config), Output: logOutput(e.Output),
		Error: e.Error, Retries: e.Retries, Cache: e.Cache, Completed: evallog.TimeOf(e.Completed),
		WorkingTime: evallog.Seconds(e.Completed.Sub(e.Time).Seconds())}
}

func toolEvent(e swarm.Event, base evallog.EventBase) *evallog.ToolEvent {
	ev := &evallog.ToolEvent{EventBase: base, Type: "function", ID: e.Call.ID, Function: e.Call.Function,
		Arguments: orEmpty(e.Call.Arguments), Result: e.Result, Completed: evallog.TimeOf(e.Completed),
		WorkingTime: evallog.Seconds(e.Completed.Sub(e.Time).Seconds())}
	if e.ToolError != nil {
		ev.Error = &evallog.ToolCallError{Type: e.ToolError.Type, Message: e.ToolError.Message}
	}
	return ev
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func orEmpty(m map[string]any) map[string]any {
	if m == nil {
		return map[string]any{}
	}
	return m
}

// logTool converts a tool description; its JSON Schema parameters are
// decoded into the log's typed shape (unknown keywords are dropped).
func logTool(t model.ToolInfo) evallog.ToolInfo {
	ti := evallog.ToolInfo{Name: t.Name, Description: t.Description}
	if len(t.Parameters) > 0 {
		_ = json.Unmarshal(t.Parameters, &ti.Parameters)
	}
	return ti
}
