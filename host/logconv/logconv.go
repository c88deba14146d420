package logconv

import (
	"cmp"
	"encoding/json"

	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/swarm"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// Messages converts chat messages to the log's shape.
func Messages(ms []model.Message) []evallog.ChatMessage {
	out := make([]evallog.ChatMessage, len(ms))
	for i, m := range ms {
		out[i] = Message(m)
	}
	return out
}

// Message converts one message; one without an id (an answer no model
// call produced, as a scripted agent's) gets one, as every message in
// Inspect's logs has.
func Message(m model.Message) evallog.ChatMessage {
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

// Output converts a model output; the zero output becomes an empty one.
func Output(o model.Output) evallog.ModelOutput {
	out := evallog.ModelOutput{Model: o.Model, Completion: o.Completion, Error: o.Error, Choices: []evallog.ChatCompletionChoice{}}
	if o.Message.Role != "" {
		out.Choices = append(out.Choices, evallog.ChatCompletionChoice{Message: Message(o.Message),
			StopReason: orDefault(o.StopReason, "stop")})
	}
	if o.Usage != (model.Usage{}) {
		u := Usage(o.Usage)
		out.Usage = &u
	}
	if o.Time > 0 {
		out.Time = evallog.Seconds(o.Time)
	}
	return out
}

// Usage converts token usage; unset optional counts stay null.
func Usage(u model.Usage) evallog.ModelUsage {
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

// UsageMap converts usage per model.
func UsageMap(m map[string]model.Usage) map[string]evallog.ModelUsage {
	out := make(map[string]evallog.ModelUsage, len(m))
	for k, u := range m {
		out[k] = Usage(u)
	}
	return out
}

// Score converts a scorer's verdict: an answer the scorer gave, "" too,
// is written; none is null.
func Score(s scorer.Score) evallog.Score {
	ls := evallog.Score{Value: evallog.NewValue(s.Value), Metadata: s.Metadata, Answer: s.Answer}
	if s.Explanation != "" {
		ls.Explanation = evallog.Str(s.Explanation)
	}
	return ls
}

// ScoreFromLog converts a logged score back; a missing one is unscored.
func ScoreFromLog(scores map[string]evallog.Score, name string) scorer.Score {
	ls, ok := scores[name]
	if !ok {
		return scorer.Unscored()
	}
	s := scorer.Score{Value: ls.Value.Interface(), Metadata: ls.Metadata, Answer: ls.Answer}
	if ls.Explanation != nil {
		s.Explanation = *ls.Explanation
	}
	return s
}

// ModelEvent converts a runtime model call to the log's model event. Its
// tools and tool choice are what Inspect logs for the call: the choice
// "auto" when the agent gave none, "none" (and no tools) when no tool is
// offered, and only the named tool when the choice names one.
func ModelEvent(e swarm.Event, base evallog.EventBase) evallog.Event {
	choice := cmp.Or(e.ToolChoice, evallog.ToolChoiceAuto)
	tools := make([]evallog.ToolInfo, 0, len(e.Tools))
	for _, t := range e.Tools {
		if isFunction(choice) && t.Name != choice {
			continue
		}
		tools = append(tools, Tool(t))
	}
	if choice == evallog.ToolChoiceNone || len(tools) == 0 {
		choice, tools = evallog.ToolChoiceNone, tools[:0]
	}
	return &evallog.ModelEvent{EventBase: base, Model: e.ModelName, Input: Messages(e.Input), Tools: tools,
		ToolChoice: evallog.ToolChoice(choice), Config: evallog.GenerateConfig(e.Config), Output: Output(e.Output),
		Error: e.Error, Retries: e.Retries, Cache: e.Cache, Completed: evallog.TimeOf(e.Completed),
		WorkingTime: evallog.Seconds(e.Completed.Sub(e.Time).Seconds())}
}

// isFunction reports whether a tool choice names one function.
func isFunction(choice string) bool {
	return choice != evallog.ToolChoiceAuto && choice != evallog.ToolChoiceAny && choice != evallog.ToolChoiceNone
}

// ToolEvent converts a runtime tool call to the log's tool event.
func ToolEvent(e swarm.Event, base evallog.EventBase) *evallog.ToolEvent {
	ev := &evallog.ToolEvent{EventBase: base, Type: "function", ID: e.Call.ID, Function: e.Call.Function,
		Arguments: OrEmpty(e.Call.Arguments), Result: e.Result, Completed: evallog.TimeOf(e.Completed),
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

// OrEmpty is m, or an empty map for nil (the log writes {} for no arguments).
func OrEmpty(m map[string]any) map[string]any {
	if m == nil {
		return map[string]any{}
	}
	return m
}

// Tool converts a tool description; its JSON Schema parameters are
// decoded into the log's typed shape (unknown keywords are dropped).
func Tool(t model.ToolInfo) evallog.ToolInfo {
	ti := evallog.ToolInfo{Name: t.Name, Description: t.Description}
	if len(t.Parameters) > 0 {
		_ = json.Unmarshal(t.Parameters, &ti.Parameters)
	}
	return ti
}
