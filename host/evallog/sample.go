package evallog

import (
	"encoding/json"
	"iter"
	"slices"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// EvalSample is one sample × epoch as run (inspect_ai.log.EvalSample), in Python's field order.
//
// For a swarm: Messages is the conversation the host designates as the team's final one,
// Output.Completion is what match-style scorers read, Events holds the per-member detail (an
// agent span per member with model, tool and info events inside), and Store is the final shared
// store, which carries the result record under "inspect_swarm:result" (SPEC §9). Store values
// are written with encoding/json: pass a struct or json.RawMessage where key order matters.
type EvalSample struct {
	ID          SampleID              `json:"id"`
	Epoch       int                   `json:"epoch"`
	Input       Input                 `json:"input"`
	Choices     []string              `json:"choices,omitempty"`
	Target      Target                `json:"target"`
	Sandbox     *SandboxSpec          `json:"sandbox,omitempty"`
	Files       []string              `json:"files,omitempty"` // names only
	Setup       string                `json:"setup,omitempty"`
	Messages    []ChatMessage         `json:"messages"`
	Output      ModelOutput           `json:"output"`
	Scores      Scores                `json:"scores,omitempty"` // by scorer name, in the task's order
	Metadata    map[string]any        `json:"metadata"`
	Store       Store                 `json:"store"`
	Events      Events                `json:"events"`
	Timelines   []Timeline            `json:"timelines,omitempty"`
	ModelUsage  map[string]ModelUsage `json:"model_usage"`
	RoleUsage   map[string]ModelUsage `json:"role_usage"`
	StartedAt   Time                  `json:"started_at,omitzero"`
	CompletedAt Time                  `json:"completed_at,omitzero"`
	TotalTime   *float64              `json:"total_time,omitempty"`   // seconds
	WorkingTime *float64              `json:"working_time,omitempty"` // seconds
	UUID        string                `json:"uuid,omitempty"`
	Error       *EvalError            `json:"error,omitempty"`
	// ErrorRetries are the errors of earlier attempts at this sample that were retried.
	ErrorRetries []EvalRetryError  `json:"error_retries"`
	Attachments  map[string]string `json:"attachments"`
	// EventsData is a condensed sample's pools, which its model events refer to. Reading a
	// log expands a condensed sample, so it is nil then; the writers condense every sample
	// (see condenser).
	EventsData *EventsData      `json:"events_data,omitempty"`
	Limit      *EvalSampleLimit `json:"limit,omitempty"`
	TurnCount  *int             `json:"turn_count,omitempty"`

	// EventStream, when set, yields the sample's events when the sample is encoded, in place
	// of Events (which it is appended to): a writer then builds one event at a time instead of
	// holding them all (a 10 000-member swarm's are several hundred MB). It may be called
	// once per encoding. Reading a log fills Events.
	EventStream iter.Seq[Event] `json:"-"`
	// TimelinesAfter, when set, is called once EventStream is exhausted, and its timelines are
	// written in place of Timelines: they name events by the uuids the stream gave them.
	TimelinesAfter func() []Timeline `json:"-"`

	// shell marks the sample writeSampleAt encodes around its events: encoded as it is.
	shell bool
}

// EventsData holds a condensed sample's pools (inspect_ai.log.EventsData): each distinct model
// input message once, and each distinct message of the model calls' requests once.
type EventsData struct {
	Messages []ChatMessage     `json:"messages"`
	Calls    []json.RawMessage `json:"calls"`
}

// events yields Events, then EventStream's events.
func (s *EvalSample) events(yield func(Event) bool) {
	for _, e := range s.Events {
		if !yield(e) {
			return
		}
	}
	if s.EventStream != nil {
		s.EventStream(yield)
	}
}

// MarshalJSON writes the sample condensed, as the log writers do (see condenser), and the
// collections the schema requires as [] or {} when nil.
func (s EvalSample) MarshalJSON() ([]byte, error) {
	if !s.shell {
		return marshalCondensed(s)
	}
	type plain EvalSample
	s.Messages = emptySlice(s.Messages)
	s.Metadata = finiteSafe(emptyMap(s.Metadata))
	s.Store = emptyMap(s.Store)
	if s.EventStream != nil {
		s.Events = slices.Collect(s.events)
	}
	if s.TimelinesAfter != nil {
		s.Timelines = s.TimelinesAfter()
	}
	s.Events = emptySlice(s.Events)
	s.ModelUsage = emptyMap(s.ModelUsage)
	s.RoleUsage = emptyMap(s.RoleUsage)
	s.Attachments = emptyMap(s.Attachments)
	s.ErrorRetries = emptySlice(s.ErrorRetries)
	return jsonenc.Marshal(plain(s))
}

// Limit types, the values of EvalSampleLimit.Type.
const (
	LimitContext  = "context"
	LimitTime     = "time"
	LimitWorking  = "working"
	LimitMessage  = "message"
	LimitToken    = "token"
	LimitTurn     = "turn"
	LimitCost     = "cost"
	LimitOperator = "operator"
	LimitCustom   = "custom"
)

// EvalSampleLimit is the limit that halted a sample, its value (a float, as Inspect writes
// it: 30.0) and the reason Inspect gives (its sample_limit event's message).
type EvalSampleLimit struct {
	Type   string  `json:"type"`
	Limit  Float   `json:"limit"`
	Reason *string `json:"reason,omitempty"`
}

// Seconds returns a pointer to s, for the optional durations (TotalTime, WorkingTime).
func Seconds(s float64) *float64 { return &s }

// EvalRetryError is the error of an attempt at a sample that was retried, with that attempt's
// events (none are kept by the host: Events is written as []).
type EvalRetryError struct {
	Message       string `json:"message"`
	Traceback     string `json:"traceback"`
	TracebackANSI string `json:"traceback_ansi"`
	Events        Events `json:"events"`
}

// MarshalJSON writes events as [] when unset.
func (e EvalRetryError) MarshalJSON() ([]byte, error) {
	type plain EvalRetryError
	e.Events = emptySlice(e.Events)
	return jsonenc.Marshal(plain(e))
}
