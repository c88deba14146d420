package swarm

import (
	"iter"
	"slices"
	"sync"
	"time"

	"github.com/swarmhost/swarmhost/sdk/model"
)

// Event kinds, named as Inspect's log events.
const (
	EventSpanBegin = "span_begin"
	EventSpanEnd   = "span_end"
	EventModel     = "model"
	EventTool      = "tool"
	EventInfo      = "info"
)

// InfoSource is the source of the runtime's info events.
const InfoSource = "inspect_swarm"

// Event is one piece of evidence, attributed to a member's span. The eval
// layer turns these into Inspect log events.
type Event struct {
	Kind string
	// Time is when it started; Completed when it ended (model and tool).
	Time, Completed time.Time
	// SpanID is the member's span ("" for swarm-level events); Member names it.
	SpanID, Member string
	// Model events.
	ModelName string
	Input     []model.Message
	Tools     []model.ToolInfo
	// ToolChoice is the agent's ("" is "auto").
	ToolChoice string
	Output     model.Output
	Error      string
	// Retries counts retried attempts; Cache is "read", "write" or "";
	// Config is the call's effective generate config.
	Retries int
	Cache   string
	Config  map[string]any
	// Tool events.
	Call      model.ToolCall
	Result    string
	ToolError *model.ToolError
	// Info events: Data is a versioned JSON-able payload.
	Source string
	Data   any
}

// Recorder collects events from concurrent callers in arrival order, each
// packed (see stored). It appends into fixed-size chunks: one growing slice
// would copy every event at each doubling and hold up to twice what it
// needs (a 10 000-member swarm records ~70 000 events). The runtime keeps
// its evidence in one; so do the channels. The zero Recorder is empty and
// ready; it is safe for concurrent use.
type Recorder struct {
	mu     sync.Mutex
	chunks [][]stored
	n      int
	// spiller, when set, takes the model events' own fields (see Spill).
	spiller *spiller
}

// recorder is the runtime's own.
type recorder = Recorder

const recorderChunk = 512

// Add records e after every event recorded before.
func (r *Recorder) Add(e Event) { r.add(e) }

func (r *Recorder) add(e Event) {
	var p stored
	if ref, ok := r.spiller.spill(&e); ok {
		p = stored{kind: e.Kind, time: e.Time, completed: e.Completed, spanID: e.SpanID, member: e.Member, ref: ref}
	} else {
		p = pack(e)
	}
	if e.Kind == EventSpanEnd {
		r.spiller.forget(e.SpanID)
	}
	r.mu.Lock()
	if r.n%recorderChunk == 0 {
		r.chunks = append(r.chunks, make([]stored, 0, recorderChunk))
	}
	last := len(r.chunks) - 1
	r.chunks[last] = append(r.chunks[last], p)
	r.n++
	r.mu.Unlock()
}

// Events is what the recorder holds so far, shared rather than copied:
// only the chunks' headers are copied (one per recorderChunk events), and
// later events are appended past every header's length, so the view keeps
// what it saw.
func (r *Recorder) Events() Events { return r.events() }

func (r *Recorder) events() Events {
	r.mu.Lock()
	defer r.mu.Unlock()
	var spill *Spill
	if r.spiller != nil {
		spill = r.spiller.s
	}
	return Events{chunks: slices.Clone(r.chunks), n: r.n, spill: spill}
}

// Events is a run's evidence in arrival order. It shares the recorder's
// chunks (a 10 000-member swarm records ~70 000 events, and a flat copy for
// the result would be one more of each at the run's peak); read it with
// All or Slice.
type Events struct {
	chunks [][]stored
	n      int
	// spill holds the model events' own fields when they were spilled.
	spill *Spill
}

// EventsOf returns evs as Events (for results built by hand, as in tests).
func EventsOf(evs ...Event) Events {
	if len(evs) == 0 {
		return Events{}
	}
	packed := make([]stored, len(evs))
	for i, e := range evs {
		packed[i] = pack(e)
	}
	return Events{chunks: [][]stored{packed}, n: len(evs)}
}

// Len is the number of events.
func (e Events) Len() int { return e.n }

// All yields the events in arrival order, the spilled ones read back.
func (e Events) All() iter.Seq[Event] {
	return func(yield func(Event) bool) {
		for p := range e.packed() {
			if !yield(e.event(p)) {
				return
			}
		}
	}
}

// event is p unpacked, its spilled fields read back. An event the spill
// cannot give back keeps its kind, member and times, and says so in its
// error (the spill's Err has the cause).
func (e Events) event(p *stored) Event {
	ev := p.unpack()
	if p.ref.n == 0 {
		return ev
	}
	m, err := e.spill.modelFields(p.ref)
	if err != nil {
		ev.Error = "evidence lost: " + err.Error()
		return ev
	}
	ev.ModelName, ev.Input, ev.Tools, ev.Output, ev.Error = m.name, m.input, m.tools, m.output, m.err
	ev.Retries, ev.Cache, ev.Config = m.retries, m.cache, m.config
	return ev
}

// Count is the number of events of kind, read without the spill.
func (e Events) Count(kind string) int {
	n := 0
	for p := range e.packed() {
		if p.kind == kind {
			n++
		}
	}
	return n
}

// brief yields the events without reading the spill: a spilled model
// event has its kind, member and times only (what the metrics read).
func (e Events) brief() iter.Seq[Event] {
	return func(yield func(Event) bool) {
		for p := range e.packed() {
			if !yield(p.unpack()) {
				return
			}
		}
	}
}

// MergeByTime merges two time-ordered event lists, a's first on ties,
// sharing their events (and a's spill, else b's: at most one of them may
// have spilled events).
func MergeByTime(a, b Events) Events {
	out := make([]stored, 0, a.n+b.n)
	next, stop := iter.Pull(b.packed())
	defer stop()
	pb, okb := next()
	for pa := range a.packed() {
		for okb && pb.time.Before(pa.time) {
			out = append(out, *pb)
			pb, okb = next()
		}
		out = append(out, *pa)
	}
	for ; okb; pb, okb = next() {
		out = append(out, *pb)
	}
	spill := a.spill
	if spill == nil {
		spill = b.spill
	}
	return Events{chunks: [][]stored{out}, n: len(out), spill: spill}
}

// packed yields the stored events in order.
func (e Events) packed() iter.Seq[*stored] {
	return func(yield func(*stored) bool) {
		for _, c := range e.chunks {
			for i := range c {
				if !yield(&c[i]) {
					return
				}
			}
		}
	}
}

// Slice is the events as one new slice (a copy: for tests and small runs).
func (e Events) Slice() []Event {
	if e.n == 0 {
		return nil
	}
	return slices.Collect(e.All())
}

// spanID is the span of a member's own timeline.
func spanID(member string) string { return "member-" + member }
