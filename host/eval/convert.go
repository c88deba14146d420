package eval

import (
	"iter"
	"slices"
	"time"

	"github.com/swarmhost/swarmhost/host/channels"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/logconv"
	"github.com/swarmhost/swarmhost/host/swarm"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// converter turns the swarm's evidence into log events one at a time, as
// the log writer encodes the sample, so the converted events are never all
// in memory. Each member's span sits in the swarm's span, and each of its
// tool calls gets a tool event inside a tool span, as in Inspect — also the
// calls the agent handled itself (react's submit), which the host never ran:
// those are read from the tool messages of the member's next model call, or,
// for the calls of its last output, from the call itself.
type converter struct {
	start     time.Time
	swarmSpan string
	submitted map[string]bool
	members   map[string]*memberCalls
}

// memberCalls is a member's tool calls in flight between two model calls.
type memberCalls struct {
	member string
	// calls are the tool calls of the member's last model output, which
	// ended at outAt; ran are the tool events the host recorded for calls
	// since, held until the tool message answering each is seen.
	calls []model.ToolCall
	outAt time.Time
	ran   []*evallog.ToolEvent
}

func newConverter(start time.Time, swarmSpan string, rec swarm.Record) *converter {
	c := &converter{start: start, swarmSpan: swarmSpan, submitted: map[string]bool{}, members: map[string]*memberCalls{}}
	for _, m := range rec.Members {
		c.submitted[m.Name] = m.Submitted
	}
	return c
}

// run converts evs, yielding each log event.
func (c *converter) run(evs iter.Seq[swarm.Event], yield func(evallog.Event) bool) {
	for e := range evs {
		for _, ev := range c.convert(e) {
			if !yield(ev) {
				return
			}
		}
	}
}

// convert is the log events one piece of evidence becomes.
func (c *converter) convert(e swarm.Event) []evallog.Event {
	base := c.base(e.Time, e.SpanID)
	mc := c.members[e.SpanID]
	switch e.Kind {
	case swarm.EventSpanBegin:
		c.members[e.SpanID] = &memberCalls{member: e.Member}
		return []evallog.Event{&evallog.SpanBeginEvent{EventBase: base, ID: e.SpanID, ParentID: c.swarmSpan,
			Type: evallog.SpanTypeAgent, Name: e.Member}}
	case swarm.EventSpanEnd:
		var out []evallog.Event
		if mc != nil {
			out = c.settle(mc, nil, e.Time, true)
		}
		return append(out, &evallog.SpanEndEvent{EventBase: base, ID: e.SpanID})
	case swarm.EventModel:
		var out []evallog.Event
		if mc != nil {
			out = c.settle(mc, e.Input, e.Time, false)
			mc.calls, mc.outAt = e.Output.Message.ToolCalls, completedAt(e)
		}
		return append(out, logconv.ModelEvent(e, base))
	case swarm.EventTool:
		ev := logconv.ToolEvent(e, base)
		if mc == nil {
			return []evallog.Event{ev}
		}
		mc.ran = append(mc.ran, ev)
		return nil
	case swarm.EventInfo:
		return c.info(e, base, mc)
	case swarm.EventSampleLimit:
		hit, _ := e.Data.(swarm.SampleLimitHit)
		limit := evallog.Float(hit.Limit)
		return []evallog.Event{&evallog.SampleLimitEvent{EventBase: base, Type: hit.Type, Message: hit.Message, Limit: &limit}}
	}
	return nil
}

// info is an info event: swarm-level ones go in the swarm's span (the
// final result names it), and a member's result comes after its last tool
// calls, just before its span ends.
func (c *converter) info(e swarm.Event, base evallog.EventBase, mc *memberCalls) []evallog.Event {
	if base.SpanID == "" {
		base.SpanID = c.swarmSpan
	}
	data := e.Data
	var out []evallog.Event
	switch d := data.(type) {
	case FinalResult:
		d.SpanID = c.swarmSpan
		data = d
	case MemberResult:
		if mc != nil {
			out = c.settle(mc, nil, e.Time, true)
		}
	}
	return append(out, &evallog.InfoEvent{EventBase: base, Source: e.Source, Data: data})
}

// base is an event base at time at in span.
func (c *converter) base(at time.Time, span string) evallog.EventBase {
	return evallog.EventBase{UUID: evallog.NewID(), SpanID: span, Timestamp: evallog.TimeOf(at),
		WorkingStart: at.Sub(c.start).Seconds()}
}

// settle writes the tool events of the member's last output, each in its
// tool span, in call order: the ones the host ran, with the id of the tool
// message answering them in input (the member's next model call), and one
// for every other call of the output — from its tool message when input
// has one, else (the member ended) from the call alone.
func (c *converter) settle(mc *memberCalls, input []model.Message, at time.Time, ended bool) []evallog.Event {
	answers := map[string]model.Message{}
	for _, m := range input {
		if m.Role == model.RoleTool && m.ToolCallID != "" {
			answers[m.ToolCallID] = m
		}
	}
	evs := mc.ran
	for _, call := range mc.calls {
		if slices.ContainsFunc(mc.ran, func(e *evallog.ToolEvent) bool { return e.ID == call.ID }) {
			continue
		}
		evs = append(evs, c.unranCall(mc, call, answers, at, ended))
	}
	order := func(id string) int {
		return slices.IndexFunc(mc.calls, func(call model.ToolCall) bool { return call.ID == id })
	}
	slices.SortStableFunc(evs, func(a, b *evallog.ToolEvent) int { return order(a.ID) - order(b.ID) })
	out := make([]evallog.Event, 0, 3*len(evs))
	for _, ev := range evs {
		if m, ok := answers[ev.ID]; ok {
			ev.MessageID = m.ID
		}
		out = append(out, c.inToolSpan(ev)...)
	}
	mc.calls, mc.ran = nil, nil
	return out
}

// unranCall is the tool event of a call the agent handled itself: its
// result is the tool message answering it, when there is one; a member
// that submitted with it answered its "answer" argument; any other call
// never ran.
func (c *converter) unranCall(mc *memberCalls, call model.ToolCall, answers map[string]model.Message,
	at time.Time, ended bool) *evallog.ToolEvent {
	ev := &evallog.ToolEvent{EventBase: c.base(mc.outAt, memberSpanOf(mc)), Type: "function", ID: call.ID,
		Function: call.Function, Arguments: logconv.OrEmpty(call.Arguments), Completed: evallog.TimeOf(at),
		WorkingTime: evallog.Seconds(at.Sub(mc.outAt).Seconds()), Result: ""}
	if m, ok := answers[call.ID]; ok {
		ev.Result = m.Content
		if m.Error != nil {
			ev.Error = &evallog.ToolCallError{Type: m.Error.Type, Message: m.Error.Message}
		}
		return ev
	}
	if answer, ok := call.Arguments["answer"].(string); ok && ended && c.submitted[mc.member] && call.ParseError == "" {
		ev.Result = answer
		return ev
	}
	if call.ParseError != "" {
		ev.Error = &evallog.ToolCallError{Type: "parsing", Message: call.ParseError}
		return ev
	}
	ev.Error = &evallog.ToolCallError{Type: "cancelled", Message: "the member did not run this call"}
	return ev
}

// memberSpanOf is the member's span, where its tool events are recorded.
func memberSpanOf(mc *memberCalls) string { return channels.SpanID(mc.member) }

// inToolSpan wraps a tool event in its tool span, a child of the member's
// span, as Inspect writes a tool call: span_begin, the tool event (in the
// member's span), span_end.
func (c *converter) inToolSpan(ev *evallog.ToolEvent) []evallog.Event {
	id := evallog.NewID()
	at := ev.Timestamp.Time
	end := at
	if !ev.Completed.IsZero() {
		end = ev.Completed.Time
	}
	return []evallog.Event{
		&evallog.SpanBeginEvent{EventBase: c.base(at, id), ID: id, ParentID: ev.SpanID, Type: evallog.SpanTypeTool,
			Name: ev.Function},
		ev,
		&evallog.SpanEndEvent{EventBase: c.base(end, id), ID: id},
	}
}
