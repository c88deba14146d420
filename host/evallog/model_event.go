package evallog

import "encoding/json"

// ModelEvent is one model call: the input the model saw, the tools offered, the config and the
// output with its usage. Model is "provider/model". Call holds the raw provider request and
// response when they are logged ({"request": ..., "response": ..., "time": ...}).
type ModelEvent struct {
	EventBase `json:"-"`
	Model     string        `json:"model"`
	Role      string        `json:"role,omitempty"`
	Input     []ChatMessage `json:"input"`
	// InputRefs, in a condensed sample, are the ranges (start, end exclusive) of the sample's
	// message pool the input is; Input is then empty. Reading a log expands them.
	InputRefs   [][2]int        `json:"input_refs,omitempty"`
	Tools       []ToolInfo      `json:"tools"`
	ToolChoice  ToolChoice      `json:"tool_choice"`
	Config      GenerateConfig  `json:"config"`
	Output      ModelOutput     `json:"output"`
	Retries     int             `json:"retries,omitempty"`
	Error       string          `json:"error,omitempty"`
	Cache       string          `json:"cache,omitempty"` // "read" or "write"
	Call        json.RawMessage `json:"call,omitempty"`
	Completed   Time            `json:"completed,omitzero"`
	WorkingTime *float64        `json:"working_time,omitempty"`
}

// EventType returns "model".
func (ModelEvent) EventType() string { return "model" }

// MarshalJSON writes base fields, "event", then the call; input and tools as [] and config as
// {} when nil.
func (e ModelEvent) MarshalJSON() ([]byte, error) {
	type plain ModelEvent
	e.Input = emptySlice(e.Input)
	e.Tools = emptySlice(e.Tools)
	e.Config = emptyMap(e.Config)
	return marshalEvent(e.EventType(), e.EventBase, plain(e))
}

// UnmarshalJSON reads the event.
func (e *ModelEvent) UnmarshalJSON(b []byte) error {
	type plain ModelEvent
	return unmarshalEvent(b, &e.EventBase, (*plain)(e))
}

// ToolEvent is one tool call made by an agent and its result. Result is a string (the usual
// case), number, bool, or content; nil is written as "". Agent names the agent that made the
// call. Events holds events nested in the call; the host writes [].
type ToolEvent struct {
	EventBase   `json:"-"`
	Type        string            `json:"type"`
	ID          string            `json:"id"`
	Function    string            `json:"function"`
	Arguments   map[string]any    `json:"arguments"`
	View        *ToolCallContent  `json:"view,omitempty"`
	Result      any               `json:"result"`
	Error       *ToolCallError    `json:"error,omitempty"`
	Events      []json.RawMessage `json:"events"`
	Completed   Time              `json:"completed,omitzero"`
	WorkingTime *float64          `json:"working_time,omitempty"`
	Agent       string            `json:"agent,omitempty"`
	AgentSpanID string            `json:"agent_span_id,omitempty"`
	Failed      *bool             `json:"failed,omitempty"`
	MessageID   string            `json:"message_id,omitempty"`
}

// EventType returns "tool".
func (ToolEvent) EventType() string { return "tool" }

// MarshalJSON writes base fields, "event", then the call, filling type "function", arguments
// {}, result "" and events [] when unset.
func (e ToolEvent) MarshalJSON() ([]byte, error) {
	type plain ToolEvent
	e.Type = orDefault(e.Type, "function")
	e.Arguments = emptyMap(e.Arguments)
	if e.Result == nil {
		e.Result = ""
	}
	e.Events = emptySlice(e.Events)
	return marshalEvent(e.EventType(), e.EventBase, plain(e))
}

// UnmarshalJSON reads the event.
func (e *ToolEvent) UnmarshalJSON(b []byte) error {
	type plain ToolEvent
	return unmarshalEvent(b, &e.EventBase, (*plain)(e))
}
