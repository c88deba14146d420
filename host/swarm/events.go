package swarm

import (
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
	Output    model.Output
	Error     string
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

// recorder collects events from concurrent members in arrival order. It
// appends into fixed-size chunks: an Event is a few hundred bytes, and one
// growing slice would copy every event at each doubling and hold up to
// twice what it needs (a 10 000-member swarm records ~70 000 events).
type recorder struct {
	mu     sync.Mutex
	chunks [][]Event
	n      int
}

const recorderChunk = 512

func (r *recorder) add(e Event) {
	r.mu.Lock()
	if r.n%recorderChunk == 0 {
		r.chunks = append(r.chunks, make([]Event, 0, recorderChunk))
	}
	last := len(r.chunks) - 1
	r.chunks[last] = append(r.chunks[last], e)
	r.n++
	r.mu.Unlock()
}

func (r *recorder) all() []Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.n == 0 {
		return nil
	}
	out := make([]Event, 0, r.n)
	for _, c := range r.chunks {
		out = append(out, c...)
	}
	return out
}

// spanID is the span of a member's own timeline.
func spanID(member string) string { return "member-" + member }
