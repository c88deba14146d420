package evallog

// Span types Inspect gives the spans of a sample: init, solvers and scorers at the top (the
// sample's phases, which Inspect's timelines read), a solver or scorer span per step inside them,
// an agent span per agent (the swarm, then each member) and a tool span around each tool call.
const (
	SpanTypeInit    = "init"
	SpanTypeSolvers = "solvers"
	SpanTypeSolver  = "solver"
	SpanTypeScorers = "scorers"
	SpanTypeScorer  = "scorer"
	SpanTypeTool    = "tool"
)

// SampleInitEvent opens a sample's transcript: the sample as given and the task state the
// solvers start from. Sample and State are written with encoding/json.
type SampleInitEvent struct {
	EventBase `json:"-"`
	Sample    any `json:"sample"`
	State     any `json:"state"`
}

// EventType returns "sample_init".
func (SampleInitEvent) EventType() string { return "sample_init" }

// MarshalJSON writes base fields, "event", then the sample and state.
func (e SampleInitEvent) MarshalJSON() ([]byte, error) {
	type plain SampleInitEvent
	return marshalEvent(e.EventType(), e.EventBase, plain(e))
}

// UnmarshalJSON reads the event.
func (e *SampleInitEvent) UnmarshalJSON(b []byte) error {
	type plain SampleInitEvent
	return unmarshalEvent(b, &e.EventBase, (*plain)(e))
}

// JSONPatch is one operation of a JSON patch (RFC 6902), as state and store events record
// changes. Value and Replaced (the value replaced or removed) are written with encoding/json,
// null when nil, as the schema requires both.
type JSONPatch struct {
	Op       string `json:"op"`
	Path     string `json:"path"`
	From     string `json:"from,omitempty"`
	Value    any    `json:"value"`
	Replaced any    `json:"replaced"`
}

// StateEvent records changes to the task state (messages, output, store), as a JSON patch.
type StateEvent struct {
	EventBase `json:"-"`
	Changes   []JSONPatch `json:"changes"`
}

// EventType returns "state".
func (StateEvent) EventType() string { return "state" }

// MarshalJSON writes base fields, "event", then the changes ([] when none).
func (e StateEvent) MarshalJSON() ([]byte, error) {
	type plain StateEvent
	e.Changes = emptySlice(e.Changes)
	return marshalEvent(e.EventType(), e.EventBase, plain(e))
}

// UnmarshalJSON reads the event.
func (e *StateEvent) UnmarshalJSON(b []byte) error {
	type plain StateEvent
	return unmarshalEvent(b, &e.EventBase, (*plain)(e))
}

// StoreEvent records changes to the sample store, as a JSON patch of the store's keys.
type StoreEvent struct {
	EventBase `json:"-"`
	Changes   []JSONPatch `json:"changes"`
}

// EventType returns "store".
func (StoreEvent) EventType() string { return "store" }

// MarshalJSON writes base fields, "event", then the changes ([] when none).
func (e StoreEvent) MarshalJSON() ([]byte, error) {
	type plain StoreEvent
	e.Changes = emptySlice(e.Changes)
	return marshalEvent(e.EventType(), e.EventBase, plain(e))
}

// UnmarshalJSON reads the event.
func (e *StoreEvent) UnmarshalJSON(b []byte) error {
	type plain StoreEvent
	return unmarshalEvent(b, &e.EventBase, (*plain)(e))
}
