package evallog

import (
	"encoding/json"
	"strconv"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// Timeline is one named view of a sample's transcript (inspect_ai.event.Timeline): Inspect's
// viewer offers each as a trajectory to pick. The host writes one per swarm member, named after
// it, whose root holds the member's agent span.
type Timeline struct {
	Name        string       `json:"name"`
	Description string       `json:"description"`
	Root        TimelineSpan `json:"root"`
}

// Timeline node types, the values of TimelineNode.Type.
const (
	TimelineNodeSpan  = "span"
	TimelineNodeEvent = "event"
)

// TimelineSpan is a span of a timeline: Content lists its events and nested spans in order.
type TimelineSpan struct {
	Type        string         `json:"type"`
	ID          string         `json:"id"`
	Name        string         `json:"name"`
	SpanType    string         `json:"span_type,omitempty"`
	Content     []TimelineNode `json:"content"`
	Branches    []TimelineSpan `json:"branches"`
	Utility     bool           `json:"utility"`
	ToolInvoked bool           `json:"tool_invoked"`
}

// MarshalJSON writes type "span" and content and branches as [] when unset
// (appendTimelineSpan).
func (s TimelineSpan) MarshalJSON() ([]byte, error) { return appendTimelineSpan(nil, &s), nil }

// TimelineNode is one entry of a span's content: an event, named by its uuid, or a nested span.
type TimelineNode struct {
	Event string
	Span  *TimelineSpan
}

// MarshalJSON writes {"type": "event", "event": uuid} or the nested span.
func (n TimelineNode) MarshalJSON() ([]byte, error) { return appendTimelineNode(nil, &n), nil }

// UnmarshalJSON reads either node type.
func (n *TimelineNode) UnmarshalJSON(b []byte) error {
	var head struct {
		Type  string `json:"type"`
		Event string `json:"event"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		return err
	}
	if head.Type == TimelineNodeEvent {
		*n = TimelineNode{Event: head.Event}
		return nil
	}
	n.Span = new(TimelineSpan)
	type plain TimelineSpan
	return json.Unmarshal(b, (*plain)(n.Span))
}

// MemberTimeline is the timeline of one swarm member: a "main" agent span holding the member's
// agent span, whose content is the uuids of the events inside it, in order.
func MemberTimeline(member, spanID string, events []string) Timeline {
	inner := TimelineSpan{ID: spanID, Name: member, SpanType: SpanTypeAgent}
	for _, e := range events {
		inner.Content = append(inner.Content, TimelineNode{Event: e})
	}
	root := TimelineSpan{ID: "main", Name: "main", SpanType: SpanTypeAgent,
		Content: []TimelineNode{{Span: &inner}}}
	return Timeline{Name: member, Description: "Swarm member", Root: root}
}

// appendTimeline appends tl's JSON, byte for byte what jsonenc.Marshal(tl) gives, without
// encoding/json: a swarm's log has a timeline per member, and encoding/json validated and
// copied every nested span's and event's encoding once more per level (a tenth of the time a
// 10 000-member sample took to write). The MarshalJSON methods above use the same encoders.
func appendTimeline(b []byte, tl Timeline) []byte {
	b = append(b, `{"name":`...)
	b = jsonenc.AppendString(b, tl.Name)
	b = append(b, `,"description":`...)
	b = jsonenc.AppendString(b, tl.Description)
	b = append(b, `,"root":`...)
	return append(appendTimelineSpan(b, &tl.Root), '}')
}

// appendTimelineNode appends n: {"type": "event", "event": uuid}, or its span.
func appendTimelineNode(b []byte, n *TimelineNode) []byte {
	if n.Span != nil {
		return appendTimelineSpan(b, n.Span)
	}
	b = append(b, `{"type":"event","event":`...)
	return append(jsonenc.AppendString(b, n.Event), '}')
}

// appendTimelineSpan appends s with type "span" when unset and content and branches as []
// when empty.
func appendTimelineSpan(b []byte, s *TimelineSpan) []byte {
	b = append(b, `{"type":`...)
	b = jsonenc.AppendString(b, orDefault(s.Type, TimelineNodeSpan))
	b = append(b, `,"id":`...)
	b = jsonenc.AppendString(b, s.ID)
	b = append(b, `,"name":`...)
	b = jsonenc.AppendString(b, s.Name)
	if s.SpanType != "" {
		b = append(b, `,"span_type":`...)
		b = jsonenc.AppendString(b, s.SpanType)
	}
	b = append(b, `,"content":[`...)
	for i := range s.Content {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendTimelineNode(b, &s.Content[i])
	}
	b = append(b, `],"branches":[`...)
	for i := range s.Branches {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendTimelineSpan(b, &s.Branches[i])
	}
	b = append(b, `],"utility":`...)
	b = strconv.AppendBool(b, s.Utility)
	b = append(b, `,"tool_invoked":`...)
	b = strconv.AppendBool(b, s.ToolInvoked)
	return append(b, '}')
}
