package evallog

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

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
			t.Description = c.text(t.Description)
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
		e.Input = c.messages(e.Input, eventText)
	}
	if e.Output.Choices != nil {
		choices := make([]ChatCompletionChoice, len(e.Output.Choices))
		for i, ch := range e.Output.Choices {
			ch.Message = c.message(ch.Message, eventText)
			choices[i] = ch
		}
		e.Output.Choices = choices
	}
	if len(e.Call) > 0 {
		call, err := c.modelCall(e.Call, pool)
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
		w := c.message(m, eventText)
		w.ID = ""
		raw, err := encodeMessage(&w)
		if err != nil {
			return nil, err
		}
		key := hashKey(raw)
		at, ok := c.msgIndex[key]
		if !ok {
			at = len(c.msgPool)
			c.msgIndex[key] = at
			c.msgPool = append(c.msgPool, withID(raw, m.ID))
		}
		if m.ID != "" {
			c.byID[m.ID] = seenMessage{msg: m, at: at}
		}
		idx[i] = at
	}
	return compressRefs(idx), nil
}

// seed starts the pools with a condensed sample's own (walked, as Inspect walks them), so
// that its events' references stay valid and new entries go after them.
func (c *condenser) seed(d *EventsData) error {
	if d == nil {
		return nil
	}
	for _, m := range d.Messages {
		w := c.message(m, eventText)
		w.ID = ""
		raw, err := w.MarshalJSON()
		if err != nil {
			return err
		}
		c.msgIndex[hashKey(raw)] = len(c.msgPool)
		c.msgPool = append(c.msgPool, withID(raw, m.ID))
	}
	for _, call := range d.Calls {
		w := c.raw(call, eventText)
		c.calls[hashKey(w)] = len(c.callPool)
		c.callPool = append(c.callPool, w)
	}
	return nil
}

// hashKey is the pool key of an encoded value: its 128-bit MurmurHash3.
func hashKey(raw []byte) [2]uint64 {
	h1, h2 := murmur3x64(raw)
	return [2]uint64{h1, h2}
}

// withID is an encoded message without an id given the id (the first member, as written).
func withID(raw []byte, id string) []byte {
	if id == "" {
		return raw
	}
	var buf bytes.Buffer
	buf.WriteString(`{"id":`)
	jsonenc.WriteQuoted(&buf, id)
	if len(raw) > 2 {
		buf.WriteByte(',')
	}
	buf.Write(raw[1:])
	return buf.Bytes()
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

// callMessageKeys are the request keys a provider's messages may be under, in the order
// Inspect looks for them.
var callMessageKeys = []string{"messages", "contents", "input", "inputs"}

// modelCall walks a model call's request and response (every string) and, when pool is set,
// moves the request's messages to the call pool ("call_refs", "call_key").
func (c *condenser) modelCall(raw json.RawMessage, pool bool) (json.RawMessage, error) {
	members, err := jsonenc.ObjectMembers(raw)
	if err != nil {
		return raw, nil
	}
	var refs [][2]int
	key := ""
	for i, m := range members {
		switch m.Key {
		case "call_refs":
			pool = false
		case "request":
			members[i].Val = c.raw(m.Val, eventText)
		case "response":
			members[i].Val = c.raw(m.Val, eventText)
		}
	}
	if pool {
		for i, m := range members {
			if m.Key == "request" {
				members[i].Val, refs, key = c.poolCall(members[i].Val)
			}
		}
	}
	if refs != nil {
		r, _ := json.Marshal(refs)
		k, _ := json.Marshal(key)
		members = append(members, jsonenc.Member{Key: "call_refs", Val: r}, jsonenc.Member{Key: "call_key", Val: k})
	}
	var buf bytes.Buffer
	jsonenc.WriteObject(&buf, members)
	return buf.Bytes(), nil
}

// poolCall moves a walked request's messages to the call pool: the request without them, their
// ranges and the key they were under (no ranges when the request has no message list).
func (c *condenser) poolCall(request []byte) ([]byte, [][2]int, string) {
	members, err := jsonenc.ObjectMembers(request)
	if err != nil {
		return request, nil, ""
	}
	key := firstMessageKey(members)
	for i, m := range members {
		if m.Key != key || key == "" {
			continue
		}
		elems := jsonenc.ArrayElements(m.Val)
		if len(elems) == 0 {
			return request, nil, ""
		}
		idx := make([]int, len(elems))
		for j, e := range elems {
			h := hashKey(e)
			at, ok := c.calls[h]
			if !ok {
				at = len(c.callPool)
				c.calls[h] = at
				c.callPool = append(c.callPool, e)
			}
			idx[j] = at
		}
		var buf bytes.Buffer
		jsonenc.WriteObject(&buf, slices.Delete(members, i, i+1))
		return buf.Bytes(), compressRefs(idx), m.Key
	}
	return request, nil, ""
}

// firstMessageKey is the first of callMessageKeys among members ("" when none).
func firstMessageKey(members []jsonenc.Member) string {
	for _, k := range callMessageKeys {
		for _, m := range members {
			if m.Key == k {
				return k
			}
		}
	}
	return ""
}

// toolEvent walks a tool call's arguments and the media of its result.
func (c *condenser) toolEvent(e ToolEvent) ToolEvent {
	e.Arguments = c.jsonMap(e.Arguments, eventText)
	e.Result = c.toolResult(e.Result)
	return e
}

// infoEvent walks the data.
func (c *condenser) infoEvent(e InfoEvent) InfoEvent {
	e.Data = c.jsonValue(e.Data, eventText)
	return e
}

// sampleInit walks the sample's input (a string, or messages) and every string of the state.
func (c *condenser) sampleInit(e SampleInitEvent) (SampleInitEvent, error) {
	if e.Sample != nil {
		raw, err := marshalRaw(safeValue(e.Sample)) // non-finite numbers as SampleInitEvent writes them
		if err != nil {
			return e, err
		}
		if w := c.sampleInput(raw); !bytes.Equal(w, raw) {
			e.Sample = json.RawMessage(w)
		}
	}
	e.State = c.jsonValue(e.State, eventText)
	return e, nil
}

// sampleInput walks a sample_init's sample (JSON): its input only.
func (c *condenser) sampleInput(raw []byte) []byte {
	members, err := jsonenc.ObjectMembers(raw)
	if err != nil {
		return raw
	}
	changed := false
	for i, m := range members {
		if m.Key != "input" {
			continue
		}
		var w []byte
		if elems := jsonenc.ArrayElements(m.Val); elems != nil {
			for j, e := range elems {
				elems[j] = c.messageRaw(e, eventText)
			}
			var buf bytes.Buffer
			jsonenc.WriteArray(&buf, elems)
			w = buf.Bytes()
		} else {
			w = c.rawText(m.Val, eventText)
		}
		if !bytes.Equal(w, m.Val) {
			members[i].Val, changed = w, true
		}
	}
	if !changed {
		return raw
	}
	var buf bytes.Buffer
	jsonenc.WriteObject(&buf, members)
	return buf.Bytes()
}

// changes walks the values of a state or store event's changes (not what they replaced).
func (c *condenser) changes(ps []JSONPatch) []JSONPatch {
	if ps == nil {
		return nil
	}
	out := make([]JSONPatch, len(ps))
	for i, p := range ps {
		p.Value = c.jsonValue(p.Value, eventText)
		out[i] = p
	}
	return out
}

// rawEvent walks an event kept as JSON, of the types Inspect condenses (sample_init, state,
// store, info); others are left as they are.
func (c *condenser) rawEvent(e RawEvent) RawEvent {
	members, err := jsonenc.ObjectMembers(e.JSON)
	if err != nil {
		return e
	}
	out, changed := rewriteMembers(e.JSON, members, func(m jsonenc.Member) ([]byte, bool) {
		switch {
		case e.Type == "sample_init" && m.Key == "sample":
			return c.sampleInput(m.Val), true
		case e.Type == "sample_init" && m.Key == "state", e.Type == "info" && m.Key == "data":
			return c.raw(m.Val, eventText), true
		case (e.Type == "state" || e.Type == "store") && m.Key == "changes":
			return c.rawChanges(m.Val), true
		}
		return nil, false
	})
	if !changed {
		return e
	}
	return RawEvent{Type: e.Type, JSON: out}
}

// rawChanges walks the values of a JSON list of changes.
func (c *condenser) rawChanges(raw []byte) []byte {
	elems := jsonenc.ArrayElements(raw)
	if elems == nil {
		return raw
	}
	for i, e := range elems {
		members, err := jsonenc.ObjectMembers(e)
		if err != nil {
			continue
		}
		for j, m := range members {
			if m.Key == "value" {
				members[j].Val = c.raw(m.Val, eventText)
			}
		}
		var buf bytes.Buffer
		jsonenc.WriteObject(&buf, members)
		elems[i] = buf.Bytes()
	}
	var buf bytes.Buffer
	jsonenc.WriteArray(&buf, elems)
	return buf.Bytes()
}
