package eval

import (
	"iter"
	"time"

	"github.com/swarmhost/swarmhost/host/channels"
	"github.com/swarmhost/swarmhost/host/evallog"
	"github.com/swarmhost/swarmhost/host/swarm"
)

// solverName is the swarm's solver in the plan and its solver span.
const solverName = "swarmhost/swarm"

// swarmSpanName names the swarm's agent span, as Inspect Swarm names it.
const swarmSpanName = "swarm"

// transcript builds a sample's events as Inspect Swarm's logs have them: an
// init span (sample_init), a solvers span holding the swarm's solver span,
// which holds the swarm's agent span with one agent span per member inside
// (each member's events, its tool calls in tool spans), then a scorers span
// with a scorer span and a score event per scorer. It also gathers, while
// the events stream, one timeline per member.
type transcript struct {
	s      *sampleRun
	out    *swarm.Result
	entry  *evallog.EvalSample
	ids    sampleSpans
	finish time.Time
	// members maps a member's span, and each of its tool spans, to the
	// member; events gathers each member's event uuids for its timeline.
	members map[string]string
	events  map[string][]string
}

// sampleSpans are the ids of the spans every sample has.
type sampleSpans struct{ init, solvers, solver, swarm, scorers string }

func newSampleSpans() sampleSpans {
	return sampleSpans{init: evallog.NewID(), solvers: evallog.NewID(), solver: evallog.NewID(),
		swarm: evallog.NewID(), scorers: evallog.NewID()}
}

// newTranscript prepares the transcript of a finished sample; entry is its
// log entry, whose messages, store and scores the closing events repeat.
func (s *sampleRun) newTranscript(out *swarm.Result, entry *evallog.EvalSample) *transcript {
	return &transcript{s: s, out: out, entry: entry, ids: newSampleSpans(), finish: time.Now()}
}

// stream yields every event of the sample, converting the swarm's evidence
// one event at a time (see streamEvents).
func (t *transcript) stream(yield func(evallog.Event) bool) {
	t.members, t.events = map[string]string{}, map[string][]string{}
	for _, m := range t.out.Record.Members {
		t.members[channels.SpanID(m.Name)] = m.Name
	}
	emit := func(e evallog.Event) bool {
		t.gather(e)
		return yield(e)
	}
	for _, part := range []iter.Seq[evallog.Event]{t.opening(), t.swarmEvents(), t.closing(), t.scoring()} {
		for e := range part {
			if !emit(e) {
				return
			}
		}
	}
}

// gather notes the uuid of an event inside a member's span (or one of its
// tool spans) for the member's timeline; the member span's own begin and
// end are the timeline's span, not events in it.
func (t *transcript) gather(e evallog.Event) {
	base, ok := evallog.BaseOf(e)
	if !ok {
		return
	}
	switch e := e.(type) {
	case *evallog.SpanBeginEvent:
		if m, ok := t.members[e.ParentID]; ok && e.Type == evallog.SpanTypeTool {
			t.members[e.ID] = m
		}
		if t.isMemberSpan(e.ID) {
			return
		}
	case *evallog.SpanEndEvent:
		if t.isMemberSpan(e.ID) {
			return
		}
	}
	if m, ok := t.members[base.SpanID]; ok {
		t.events[m] = append(t.events[m], base.UUID)
	}
}

// isMemberSpan tells a member's agent span from its tool spans.
func (t *transcript) isMemberSpan(id string) bool {
	m, ok := t.members[id]
	return ok && channels.SpanID(m) == id
}

// timelines is one timeline per member, in roster order, named after it.
func (t *transcript) timelines() []evallog.Timeline {
	out := make([]evallog.Timeline, 0, len(t.out.Record.Members))
	for _, m := range t.out.Record.Members {
		out = append(out, evallog.MemberTimeline(m.Name, channels.SpanID(m.Name), t.events[m.Name]))
	}
	return out
}

// base returns an event base at time at, in span.
func (t *transcript) base(at time.Time, span string) evallog.EventBase {
	return evallog.EventBase{UUID: evallog.NewID(), SpanID: span, Timestamp: evallog.TimeOf(at),
		WorkingStart: at.Sub(t.s.started).Seconds()}
}

// begin and end open and close a span.
func (t *transcript) begin(at time.Time, id, parent, typ, name string) evallog.Event {
	return &evallog.SpanBeginEvent{EventBase: t.base(at, id), ID: id, ParentID: parent, Type: typ, Name: name}
}

func (t *transcript) end(at time.Time, id string) evallog.Event {
	return &evallog.SpanEndEvent{EventBase: t.base(at, id), ID: id}
}

// slicesOf yields the events in order.
func slicesOf(evs ...evallog.Event) iter.Seq[evallog.Event] {
	return func(yield func(evallog.Event) bool) {
		for _, e := range evs {
			if !yield(e) {
				return
			}
		}
	}
}
