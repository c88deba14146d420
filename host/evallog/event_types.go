package evallog

// SpanTypeAgent is the span type Inspect uses for an agent; the host opens one such span per
// member, named after the member. Inspect also uses "solver", "scorer" and "init".
const SpanTypeAgent = "agent"

// SpanBeginEvent opens a span; events inside it carry its ID as their SpanID.
type SpanBeginEvent struct {
	EventBase `json:"-"`
	ID        string `json:"id"`
	ParentID  string `json:"parent_id,omitempty"`
	Type      string `json:"type,omitempty"`
	Name      string `json:"name"`
}

// EventType returns "span_begin".
func (SpanBeginEvent) EventType() string { return "span_begin" }

// MarshalJSON writes base fields, "event", then the span fields.
func (e SpanBeginEvent) MarshalJSON() ([]byte, error) {
	type plain SpanBeginEvent
	return marshalEvent(e.EventType(), e.EventBase, plain(e))
}

// UnmarshalJSON reads the event.
func (e *SpanBeginEvent) UnmarshalJSON(b []byte) error {
	type plain SpanBeginEvent
	return unmarshalEvent(b, &e.EventBase, (*plain)(e))
}

// SpanEndEvent closes the span with the given ID.
type SpanEndEvent struct {
	EventBase `json:"-"`
	ID        string `json:"id"`
}

// EventType returns "span_end".
func (SpanEndEvent) EventType() string { return "span_end" }

// MarshalJSON writes base fields, "event", then the id.
func (e SpanEndEvent) MarshalJSON() ([]byte, error) {
	type plain SpanEndEvent
	return marshalEvent(e.EventType(), e.EventBase, plain(e))
}

// UnmarshalJSON reads the event.
func (e *SpanEndEvent) UnmarshalJSON(b []byte) error {
	type plain SpanEndEvent
	return unmarshalEvent(b, &e.EventBase, (*plain)(e))
}

// InfoEvent is free-form evidence. The host writes swarm evidence with Source "inspect_swarm"
// and a versioned payload in Data (SPEC §8); Data is written with encoding/json, so pass a
// struct or json.RawMessage where key order matters.
type InfoEvent struct {
	EventBase `json:"-"`
	Source    string `json:"source,omitempty"`
	Data      any    `json:"data"`
}

// EventType returns "info".
func (InfoEvent) EventType() string { return "info" }

// MarshalJSON writes base fields, "event", then source and data.
func (e InfoEvent) MarshalJSON() ([]byte, error) {
	type plain InfoEvent
	return marshalEvent(e.EventType(), e.EventBase, plain(e))
}

// UnmarshalJSON reads the event.
func (e *InfoEvent) UnmarshalJSON(b []byte) error {
	type plain InfoEvent
	return unmarshalEvent(b, &e.EventBase, (*plain)(e))
}

// ScoreEvent records a score given to the sample (Intermediate for scores taken mid-run).
type ScoreEvent struct {
	EventBase    `json:"-"`
	Score        Score   `json:"score"`
	Target       *Target `json:"target,omitempty"`
	Intermediate bool    `json:"intermediate"`
	Scorer       string  `json:"scorer,omitempty"`
}

// EventType returns "score".
func (ScoreEvent) EventType() string { return "score" }

// MarshalJSON writes base fields, "event", then the score fields.
func (e ScoreEvent) MarshalJSON() ([]byte, error) {
	type plain ScoreEvent
	return marshalEvent(e.EventType(), e.EventBase, plain(e))
}

// UnmarshalJSON reads the event.
func (e *ScoreEvent) UnmarshalJSON(b []byte) error {
	type plain ScoreEvent
	return unmarshalEvent(b, &e.EventBase, (*plain)(e))
}

// SampleLimitEvent is Inspect's sample_limit event: a limit that halted the sample's
// processing (Type: one of the Limit* types), with Inspect's message and the limit's value.
// It is written only: a log read back keeps it as a RawEvent.
type SampleLimitEvent struct {
	EventBase `json:"-"`
	Type      string `json:"type"`
	Message   string `json:"message"`
	Limit     *Float `json:"limit"`
}

// EventType returns "sample_limit".
func (SampleLimitEvent) EventType() string { return "sample_limit" }

// MarshalJSON writes base fields, "event", then type, message and limit.
func (e SampleLimitEvent) MarshalJSON() ([]byte, error) {
	type plain SampleLimitEvent
	return marshalEvent(e.EventType(), e.EventBase, plain(e))
}
