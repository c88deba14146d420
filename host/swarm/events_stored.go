package swarm

import (
	"reflect"
	"time"

	"github.com/swarmhost/swarmhost/sdk/model"
)

// stored is an Event as the recorder keeps it until the log is written:
// the fields every event has inline, and each kind's own fields behind a
// pointer, set only when the event has them. An Event is 600 bytes, most of
// them a model call's; a span event packed is a fifth of that, a tool event
// a third.
type stored struct {
	kind            string
	time, completed time.Time
	spanID, member  string
	model           *modelFields
	tool            *toolFields
	info            *infoFields
	// ref, when its n is not zero, is where a model event's own fields
	// went (see Spill); model is nil then.
	ref spillRef
}

// modelFields are a model event's own fields.
type modelFields struct {
	name    string
	input   []model.Message
	tools   []model.ToolInfo
	output  model.Output
	err     string
	retries int
	cache   string
	config  map[string]any
}

// toolFields are a tool event's own fields.
type toolFields struct {
	call   model.ToolCall
	result string
	err    *model.ToolError
}

// infoFields are an info event's own fields.
type infoFields struct {
	source string
	data   any
}

// pack packs e; unpack gives it back unchanged (whatever its kind, an
// event keeps every field that is set).
func pack(e Event) stored {
	s := stored{kind: e.Kind, time: e.Time, completed: e.Completed, spanID: e.SpanID, member: e.Member}
	if e.Kind == EventModel || hasModelFields(&e) {
		s.model = &modelFields{name: e.ModelName, input: e.Input, tools: e.Tools, output: e.Output, err: e.Error,
			retries: e.Retries, cache: e.Cache, config: e.Config}
	}
	if e.Kind == EventTool || e.Call.ID != "" || e.Call.Function != "" || e.Call.Arguments != nil ||
		e.Call.ParseError != "" || e.Result != "" || e.ToolError != nil {
		s.tool = &toolFields{call: e.Call, result: e.Result, err: e.ToolError}
	}
	if e.Source != "" || e.Data != nil {
		s.info = &infoFields{source: e.Source, data: e.Data}
	}
	return s
}

// hasModelFields reports whether any of a model event's own fields is set.
func hasModelFields(e *Event) bool {
	return e.ModelName != "" || e.Input != nil || e.Tools != nil || e.Error != "" || e.Retries != 0 ||
		e.Cache != "" || e.Config != nil || !reflect.ValueOf(&e.Output).Elem().IsZero()
}

// unpack is the Event s was packed from.
func (s *stored) unpack() Event {
	e := Event{Kind: s.kind, Time: s.time, Completed: s.completed, SpanID: s.spanID, Member: s.member}
	if m := s.model; m != nil {
		e.ModelName, e.Input, e.Tools, e.Output, e.Error = m.name, m.input, m.tools, m.output, m.err
		e.Retries, e.Cache, e.Config = m.retries, m.cache, m.config
	}
	if t := s.tool; t != nil {
		e.Call, e.Result, e.ToolError = t.call, t.result, t.err
	}
	if i := s.info; i != nil {
		e.Source, e.Data = i.source, i.data
	}
	return e
}
