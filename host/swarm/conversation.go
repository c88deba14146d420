package swarm

import (
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

// sameMessage tells whether b repeats a, the message recorded earlier: the
// cheap fields first and everything only when they agree. A b without an id
// repeats an a with one (the agent did not keep the id it was given).
func sameMessage(a, b model.Message) bool {
	if b.ID == "" {
		b.ID = a.ID
	}
	return a.Role == b.Role && a.Content == b.Content && a.ID == b.ID && a.Source == b.Source &&
		reflect.DeepEqual(a, b)
}

// WithIDs returns msgs with a new id for each message that has none (msgs
// itself is not modified): the sample's input gets its ids once, so every
// member's copy of it is the same message.
func WithIDs(msgs []model.Message) []model.Message {
	out := append([]model.Message(nil), msgs...)
	(*idPool)(nil).assign(out)
	return out
}
