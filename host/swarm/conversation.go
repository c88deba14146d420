package swarm

import (
	"encoding/json"
	"reflect"
	"sync"

	"github.com/swarmhost/swarmhost/sdk/model"
)

// conversation remembers the input of a member's last model call, so the
// next call's input can reuse the messages it repeats. An agent resends its
// whole conversation with every call, and each arrives as freshly decoded
// strings: without this, a member making k calls keeps O(k²) copies of its
// messages in its model events instead of O(k) (at 10 000 members of 5
// calls, ~90 MB of a run's peak heap). Safe for concurrent use.
type conversation struct {
	mu   sync.Mutex
	last []model.Message
	// tools is the tool list of the last call (see shareTools).
	tools []model.ToolInfo
	// ids gives new messages their ids (nil: a new id for each).
	ids *idPool
}

// share returns msgs with every message equal to the one at the same place
// in the last input replaced by that earlier message (which shares its
// strings with an event already recorded), and remembers the result. msgs
// itself is not modified. When msgs extends the last input, the result is
// the last input with the new messages appended: the recorded events then
// share one backing array (appending writes only past every recorded
// event's length, since a conversation's backing array is only ever
// extended).
//
// share also gives every message an id, as Inspect does (its log readers
// tell messages apart by id): a message without one keeps the id of the
// message it repeats, so a member's conversation prefix keeps its ids from
// call to call; any other gets the id of its content (see idPool).
func (c *conversation) share(msgs []model.Message) []model.Message {
	c.mu.Lock()
	defer c.mu.Unlock()
	same := 0
	for same < len(msgs) && same < len(c.last) && sameMessage(c.last[same], msgs[same]) {
		same++
	}
	var out []model.Message
	if same == len(c.last) {
		out = append(c.last, msgs[same:]...)
		c.ids.assign(out[same:])
	} else {
		out = make([]model.Message, len(msgs))
		for i, m := range msgs {
			if i < len(c.last) && (i < same || sameMessage(c.last[i], m)) {
				out[i] = c.last[i]
			} else {
				out[i] = m
				c.ids.assign(out[i : i+1])
			}
		}
	}
	c.last = out
	return out[:len(out):len(out)] // a caller that appends gets its own array
}

// release forgets the last input and tools once the member has ended: its
// model events hold them (or the spill does), and a later call, if any,
// only shares less.
func (c *conversation) release() {
	c.mu.Lock()
	c.last, c.tools = nil, nil
	c.mu.Unlock()
}

// shareTools returns the tool list of the member's last call when tools
// repeats it (an agent sends its tools with every call, each time freshly
// decoded, schemas and all), else tools, which it remembers.
func (c *conversation) shareTools(tools []model.ToolInfo) []model.ToolInfo {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(tools) > 0 && reflect.DeepEqual(c.tools, tools) {
		return c.tools
	}
	c.tools = tools
	return tools
}

// sameMessage tells whether b repeats a, the message recorded earlier: the
// strings first, then the nested values, each compared as reflect.DeepEqual
// compares them (but without boxing the messages, which cost two heap
// copies of each message compared). A b without an id repeats an a with one
// (the agent did not keep the id it was given).
func sameMessage(a, b model.Message) bool {
	if b.ID == "" {
		b.ID = a.ID
	}
	return a.Role == b.Role && a.Content == b.Content && a.ID == b.ID && a.Source == b.Source &&
		a.ToolCallID == b.ToolCallID && a.Function == b.Function && a.Model == b.Model &&
		sameToolError(a.Error, b.Error) && sameCalls(a.ToolCalls, b.ToolCalls) && sameMetadata(a.Metadata, b.Metadata)
}

func sameToolError(a, b *model.ToolError) bool {
	return a == b || (a != nil && b != nil && *a == *b)
}

// sameCalls and sameMetadata are reflect.DeepEqual of the two, without its
// boxing in the common case of two empty values (nil and empty still
// differ, as DeepEqual has them).
func sameCalls(a, b []model.ToolCall) bool {
	if len(a) == 0 && len(b) == 0 && (a == nil) == (b == nil) {
		return true
	}
	return reflect.DeepEqual(a, b)
}

func sameMetadata(a, b map[string]any) bool {
	if len(a) == 0 && len(b) == 0 && (a == nil) == (b == nil) {
		return true
	}
	return reflect.DeepEqual(a, b) || sameJSON(a, b)
}

// sameJSON tells whether b is a as JSON decodes it: the host's own metadata
// (a notice's, whose struct keeps the package's key order) comes back from
// the agent as maps. Only metadata that DeepEqual finds different is
// encoded, which is rare.
func sameJSON(a, b map[string]any) bool {
	if len(a) != len(b) {
		return false
	}
	ja, err := json.Marshal(a)
	if err != nil {
		return false
	}
	var decoded any
	if json.Unmarshal(ja, &decoded) != nil {
		return false
	}
	return reflect.DeepEqual(decoded, jsonNumbers(b))
}

// jsonNumbers is v with its numbers as JSON decodes them (float64).
func jsonNumbers(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		return v
	}
	var out any
	if json.Unmarshal(b, &out) != nil {
		return v
	}
	return out
}

// WithIDs returns msgs with a new id for each message that has none (msgs
// itself is not modified): the sample's input gets its ids once, so every
// member's copy of it is the same message.
func WithIDs(msgs []model.Message) []model.Message {
	out := append([]model.Message(nil), msgs...)
	(*idPool)(nil).assign(out)
	return out
}
