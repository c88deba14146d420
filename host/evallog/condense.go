package evallog

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"

	"github.com/swarmhost/swarmhost/host/evallog/condense"
	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// A sample is written condensed, as Inspect 0.3.285's recorders write every sample: long texts
// in its "attachments", model inputs and call messages in its "events_data" pools (see
// package condense, which holds the attachments and pools and walks JSON). A condenser walks
// this package's typed events and messages with a condense.Condenser for one sample, and
// remembers the input messages it pooled by id, so that a message every later model call
// repeats is not walked or encoded again.
type condenser struct {
	*condense.Condenser
	byID map[string]seenMessage
	// valid holds the large raw values already checked to be valid JSON (see checked).
	valid map[rawKey]bool
}

// newCondenser starts a sample's condensing; existing are the sample's own attachments.
func newCondenser(existing map[string]string) *condenser {
	return &condenser{Condenser: condense.New(existing), byID: map[string]seenMessage{}}
}

// seenMessage is a model input message already pooled: as it came, and where it went.
type seenMessage struct {
	msg ChatMessage
	at  int
}

// event is e condensed: its texts made attachments and, when pool is set (a sample's own
// events; not a retried attempt's), a model event's input and call messages pooled.
func (c *condenser) event(e Event, pool bool) (Event, error) {
	switch x := e.(type) {
	case *ModelEvent:
		return c.modelEvent(*x, pool)
	case ModelEvent:
		return c.modelEvent(x, pool)
	case *ToolEvent:
		return c.toolEvent(*x), nil
	case ToolEvent:
		return c.toolEvent(x), nil
	case *InfoEvent:
		return c.infoEvent(*x), nil
	case InfoEvent:
		return c.infoEvent(x), nil
	case *SampleInitEvent:
		return c.sampleInit(*x)
	case SampleInitEvent:
		return c.sampleInit(x)
	case *StateEvent:
		return &StateEvent{EventBase: x.EventBase, Changes: c.changes(x.Changes)}, nil
	case StateEvent:
		return StateEvent{EventBase: x.EventBase, Changes: c.changes(x.Changes)}, nil
	case *StoreEvent:
		return &StoreEvent{EventBase: x.EventBase, Changes: c.changes(x.Changes)}, nil
	case StoreEvent:
		return StoreEvent{EventBase: x.EventBase, Changes: c.changes(x.Changes)}, nil
	case RawEvent:
		return c.rawEvent(x), nil
	case *RawEvent:
		return c.rawEvent(*x), nil
	}
	return e, nil // spans, scores and the like: nothing Inspect condenses
}

// modelEvent walks the tools, input, output and call, in Inspect's order, then pools the input
// and the call's messages.
func (c *condenser) modelEvent(e ModelEvent, pool bool) (ModelEvent, error) {
	if e.Tools != nil {
		tools := make([]ToolInfo, len(e.Tools))
		for i, t := range e.Tools {
			t.Description = c.Text(t.Description)
			tools[i] = t
		}
		e.Tools = tools
	}
	if pool && len(e.Input) > 0 && e.InputRefs == nil {
		refs, err := c.poolInput(e.Input)
		if err != nil {
			return e, err
		}
		e.Input, e.InputRefs = nil, refs
	} else {
		e.Input = c.messages(e.Input, condense.EventText)
	}
	if e.Output.Choices != nil {
		choices := make([]ChatCompletionChoice, len(e.Output.Choices))
		for i, ch := range e.Output.Choices {
			ch.Message = c.message(ch.Message, condense.EventText)
			choices[i] = ch
		}
		e.Output.Choices = choices
	}
	if len(e.Call) > 0 {
		call, err := c.ModelCall(e.Call, pool)
		if err != nil {
			return e, err
		}
		e.Call = call
	}
	return e, nil
}

// poolInput puts a model input's messages in the message pool and returns their ranges. A
// message seen before with the same id and fields is not walked or encoded again.
func (c *condenser) poolInput(msgs []ChatMessage) ([][2]int, error) {
	idx := make([]int, len(msgs))
	for i, m := range msgs {
		if s, ok := c.byID[m.ID]; ok && m.ID != "" && sameMessage(s.msg, m) {
			idx[i] = s.at
			continue
		}
		w := c.message(m, condense.EventText)
		w.ID = ""
		raw, err := encodeMessage(&w)
		if err != nil {
			return nil, err
		}
		at := c.PoolMessage(raw, m.ID)
		if m.ID != "" {
			c.byID[m.ID] = seenMessage{msg: m, at: at}
		}
		idx[i] = at
	}
	return condense.CompressRefs(idx), nil
}

// seed starts the pools with a condensed sample's own (walked, as Inspect walks them), so
// that its events' references stay valid and new entries go after them.
func (c *condenser) seed(d *EventsData) error {
	if d == nil {
		return nil
	}
	for _, m := range d.Messages {
		w := c.message(m, condense.EventText)
		w.ID = ""
		raw, err := w.MarshalJSON()
		if err != nil {
			return err
		}
		c.SeedMessage(raw, m.ID)
	}
	for _, call := range d.Calls {
		c.SeedCall(call)
	}
	return nil
}

// sameMessage reports whether two messages are written alike (maps compared by content).
func sameMessage(a, b ChatMessage) bool {
	return a.ID == b.ID && a.Role == b.Role && a.Source == b.Source && a.Model == b.Model &&
		a.ToolCallID == b.ToolCallID && a.Function == b.Function && a.Content.Text == b.Content.Text &&
		slices.Equal(a.ToolCallIDs, b.ToolCallIDs) &&
		slices.EqualFunc(a.Content.Parts, b.Content.Parts, func(x, y json.RawMessage) bool { return bytes.Equal(x, y) }) &&
		(a.Error == b.Error || (a.Error != nil && b.Error != nil && *a.Error == *b.Error)) &&
		sameAny(a.Metadata, b.Metadata) && slices.EqualFunc(a.ToolCalls, b.ToolCalls, sameToolCall)
}

// sameToolCall reports whether two tool calls are written alike.
func sameToolCall(a, b ToolCall) bool {
	return a.ID == b.ID && a.Function == b.Function && a.ParseError == b.ParseError && a.Type == b.Type &&
		(a.View == b.View || (a.View != nil && b.View != nil && *a.View == *b.View)) && sameAny(a.Arguments, b.Arguments)
}

// sameAny compares two maps by content (the same map at once).
func sameAny(a, b map[string]any) bool {
	if len(a) != len(b) {
		return false
	}
	return len(a) == 0 || reflect.DeepEqual(a, b)
}

// toolEvent walks a tool call's arguments and the media of its result.
func (c *condenser) toolEvent(e ToolEvent) ToolEvent {
	e.Arguments = c.JSONMap(e.Arguments, condense.EventText)
	e.Result = c.ToolResult(e.Result)
	return e
}

// infoEvent walks the data.
func (c *condenser) infoEvent(e InfoEvent) InfoEvent {
	e.Data = c.JSONValue(e.Data, condense.EventText)
	return e
}

// sampleInit walks the sample's input (a string, or messages) and every string of the state.
func (c *condenser) sampleInit(e SampleInitEvent) (SampleInitEvent, error) {
	if e.Sample != nil {
		raw, err := jsonenc.MarshalRaw(safeValue(e.Sample)) // non-finite numbers as SampleInitEvent writes them
		if err != nil {
			return e, err
		}
		if w := c.SampleInput(raw); !bytes.Equal(w, raw) {
			e.Sample = json.RawMessage(w)
		}
	}
	e.State = c.JSONValue(e.State, condense.EventText)
	return e, nil
}

// changes walks the values of a state or store event's changes (not what they replaced).
func (c *condenser) changes(ps []JSONPatch) []JSONPatch {
	if ps == nil {
		return nil
	}
	out := make([]JSONPatch, len(ps))
	for i, p := range ps {
		p.Value = c.JSONValue(p.Value, condense.EventText)
		out[i] = p
	}
	return out
}

// rawEvent walks an event kept as JSON, of the types Inspect condenses (sample_init, state,
// store, info); others are left as they are.
func (c *condenser) rawEvent(e RawEvent) RawEvent {
	out, changed := c.RawEvent(e.Type, e.JSON)
	if !changed {
		return e
	}
	return RawEvent{Type: e.Type, JSON: out}
}

// The walks below visit the fields Inspect's condense_sample walks (walk_event and friends in
// inspect_ai/log/_condense.py), in its order, and leave every other field as it is. Values are
// copied where they change, never changed in place: the host shares them between events.

// message walks one chat message: a string content alone, or a content list with the message's
// tool calls (Inspect leaves an assistant's tool calls alone when its content is a string).
func (c *condenser) message(m ChatMessage, p condense.Policy) ChatMessage {
	if m.Content.Parts == nil {
		m.Content.Text = c.Apply(p, m.Content.Text)
		return m
	}
	parts := make([]json.RawMessage, len(m.Content.Parts))
	for i, part := range m.Content.Parts {
		parts[i] = c.Part(part, p)
	}
	m.Content.Parts = parts
	if m.Role == RoleAssistant && len(m.ToolCalls) > 0 {
		calls := make([]ToolCall, len(m.ToolCalls))
		for i, tc := range m.ToolCalls {
			tc.Arguments = c.JSONMap(tc.Arguments, p)
			if tc.View != nil && tc.View.Content != "" {
				v := *tc.View
				v.Content = c.Apply(p, v.Content)
				tc.View = &v
			}
			calls[i] = tc
		}
		m.ToolCalls = calls
	}
	return m
}

// messages walks a list of messages.
func (c *condenser) messages(ms []ChatMessage, p condense.Policy) []ChatMessage {
	if ms == nil {
		return nil
	}
	out := make([]ChatMessage, len(ms))
	for i, m := range ms {
		out[i] = c.message(m, p)
	}
	return out
}
