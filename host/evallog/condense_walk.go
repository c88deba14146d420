package evallog

import (
	"bytes"
	"encoding/json"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// The walks below visit the fields Inspect's condense_sample walks (walk_event and friends in
// inspect_ai/log/_condense.py), in its order, and leave every other field as it is. Values are
// copied where they change, never changed in place: the host shares them between events.

// message walks one chat message: a string content alone, or a content list with the message's
// tool calls (Inspect leaves an assistant's tool calls alone when its content is a string).
func (c *condenser) message(m ChatMessage, p textPolicy) ChatMessage {
	if m.Content.Parts == nil {
		m.Content.Text = c.apply(p, m.Content.Text)
		return m
	}
	parts := make([]json.RawMessage, len(m.Content.Parts))
	for i, part := range m.Content.Parts {
		parts[i] = c.part(part, p)
	}
	m.Content.Parts = parts
	if m.Role == RoleAssistant && len(m.ToolCalls) > 0 {
		calls := make([]ToolCall, len(m.ToolCalls))
		for i, tc := range m.ToolCalls {
			tc.Arguments = c.jsonMap(tc.Arguments, p)
			if tc.View != nil && tc.View.Content != "" {
				v := *tc.View
				v.Content = c.apply(p, v.Content)
				tc.View = &v
			}
			calls[i] = tc
		}
		m.ToolCalls = calls
	}
	return m
}

// messages walks a list of messages.
func (c *condenser) messages(ms []ChatMessage, p textPolicy) []ChatMessage {
	if ms == nil {
		return nil
	}
	out := make([]ChatMessage, len(ms))
	for i, m := range ms {
		out[i] = c.message(m, p)
	}
	return out
}

// partField names the field of a content part Inspect walks as text, by the part's type.
var partField = map[string]string{"text": "text", "reasoning": "reasoning", "image": "image",
	"audio": "audio", "video": "video", "document": "document"}

// part walks one content part (raw JSON): its text, its media, a tool use's arguments, result
// and error, or a data part's data.
func (c *condenser) part(raw json.RawMessage, p textPolicy) json.RawMessage {
	members, err := jsonenc.ObjectMembers(raw)
	if err != nil {
		return raw
	}
	typ := memberString(members, "type")
	out, _ := rewriteMembers(raw, members, func(m jsonenc.Member) ([]byte, bool) {
		switch {
		case partField[typ] == m.Key, typ == "tool_use" && m.Key == "error":
			return c.rawText(m.Val, p), true
		case typ == "tool_use" && (m.Key == "arguments" || m.Key == "result"), typ == "data" && m.Key == "data":
			return c.raw(m.Val, p), true
		}
		return nil, false
	})
	return out
}

// rewriteMembers rewrites the members (objectMembers of raw) that f walks (f's second result
// says it does), keeping their order; it returns raw itself, and false, when no member changed.
func rewriteMembers(raw []byte, members []jsonenc.Member, f func(jsonenc.Member) ([]byte, bool)) ([]byte, bool) {
	changed := false
	for i, m := range members {
		if val, walked := f(m); walked && !bytes.Equal(val, m.Val) {
			members[i].Val, changed = val, true
		}
	}
	if !changed {
		return raw, false
	}
	var buf bytes.Buffer
	jsonenc.WriteObject(&buf, members)
	return buf.Bytes(), true
}

// rawText walks a member that is one string (anything else is left as it is).
func (c *condenser) rawText(val []byte, p textPolicy) []byte {
	if len(val) == 0 || val[0] != '"' {
		return val
	}
	return c.raw(val, p)
}

// memberString is the string value of the member key, or "".
func memberString(members []jsonenc.Member, key string) string {
	for _, m := range members {
		if m.Key == key && len(m.Val) > 0 && m.Val[0] == '"' {
			s, _ := jsonenc.DecodeString(m.Val)
			return s
		}
	}
	return ""
}

// jsonMap walks every string value of a JSON object at any depth (Inspect's walk_json_dict).
func (c *condenser) jsonMap(m map[string]any, p textPolicy) map[string]any {
	out, _ := c.jsonMapChanged(m, p)
	return out
}

// jsonMapChanged is jsonMap, and whether it changed anything (m itself when not).
func (c *condenser) jsonMapChanged(m map[string]any, p textPolicy) (map[string]any, bool) {
	var out map[string]any
	for k, v := range m {
		w, changed := c.jsonValueChanged(v, p)
		if !changed {
			continue
		}
		if out == nil {
			out = make(map[string]any, len(m))
			for k2, v2 := range m {
				out[k2] = v2
			}
		}
		out[k] = w
	}
	if out == nil {
		return m, false
	}
	return out, true
}

// jsonValue walks every string of a JSON value at any depth (Inspect's walk_json_value). A
// value of another Go type is encoded and walked as JSON.
func (c *condenser) jsonValue(v any, p textPolicy) any {
	out, _ := c.jsonValueChanged(v, p)
	return out
}

// jsonValueChanged is jsonValue, and whether it changed anything (v itself when not).
func (c *condenser) jsonValueChanged(v any, p textPolicy) (any, bool) {
	switch x := v.(type) {
	case nil, bool, float64, float32, int, int64, int32, uint64, json.Number, Float:
		return v, false
	case string:
		w := c.apply(p, x)
		return w, w != x
	case map[string]any:
		return c.jsonMapChanged(x, p)
	case []any:
		var out []any
		for i, e := range x {
			w, changed := c.jsonValueChanged(e, p)
			if !changed {
				continue
			}
			if out == nil {
				out = append([]any(nil), x...)
			}
			out[i] = w
		}
		if out == nil {
			return v, false
		}
		return out, true
	}
	raw, err := marshalRaw(v)
	if err != nil {
		return v, false // the event's own encoding reports it
	}
	if w := c.raw(raw, p); !bytes.Equal(w, raw) {
		return json.RawMessage(w), true
	}
	return v, false
}

// messageRaw walks one message given as JSON (a sample_init's input).
func (c *condenser) messageRaw(raw []byte, p textPolicy) []byte {
	members, err := jsonenc.ObjectMembers(raw)
	if err != nil {
		return raw
	}
	listContent := false
	for i, m := range members {
		if m.Key != "content" {
			continue
		}
		if elems := jsonenc.ArrayElements(m.Val); elems != nil {
			listContent = true
			for j, e := range elems {
				elems[j] = c.part(e, p)
			}
			var buf bytes.Buffer
			jsonenc.WriteArray(&buf, elems)
			members[i].Val = buf.Bytes()
		} else {
			members[i].Val = c.rawText(m.Val, p)
		}
	}
	if listContent {
		for i, m := range members {
			if m.Key == "tool_calls" {
				members[i].Val = c.toolCallsRaw(m.Val, p)
			}
		}
	}
	var buf bytes.Buffer
	jsonenc.WriteObject(&buf, members)
	return buf.Bytes()
}

// toolCallsRaw walks an assistant's tool calls given as JSON: arguments and a view's content.
func (c *condenser) toolCallsRaw(raw []byte, p textPolicy) []byte {
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
			switch m.Key {
			case "arguments":
				members[j].Val = c.raw(m.Val, p)
			case "view":
				members[j].Val = c.viewRaw(m.Val, p)
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

// viewRaw walks a tool call view's content, when it has one.
func (c *condenser) viewRaw(raw []byte, p textPolicy) []byte {
	members, err := jsonenc.ObjectMembers(raw)
	if err != nil {
		return raw
	}
	for i, m := range members {
		if m.Key == "content" && string(m.Val) != `""` {
			members[i].Val = c.rawText(m.Val, p)
		}
	}
	var buf bytes.Buffer
	jsonenc.WriteObject(&buf, members)
	return buf.Bytes()
}

// mediaTypes are the content types whose media a tool result's walk visits.
var mediaTypes = map[string]bool{"image": true, "audio": true, "video": true, "document": true}

// toolResult walks the media of a tool result (a text result stays inline: the same text is in
// the tool message the model sees next).
func (c *condenser) toolResult(v any) any {
	if _, ok := v.(string); ok || v == nil {
		return v
	}
	raw, err := marshalRaw(v)
	if err != nil {
		return v
	}
	elems := jsonenc.ArrayElements(raw)
	single := elems == nil
	if single {
		elems = [][]byte{raw}
	}
	changed := false
	for i, e := range elems {
		members, err := jsonenc.ObjectMembers(e)
		if err != nil || !mediaTypes[memberString(members, "type")] {
			continue
		}
		if w := c.part(e, messageMedia); !bytes.Equal(w, e) {
			elems[i], changed = w, true
		}
	}
	if !changed {
		return v
	}
	if single {
		return json.RawMessage(elems[0])
	}
	var buf bytes.Buffer
	jsonenc.WriteArray(&buf, elems)
	return json.RawMessage(buf.Bytes())
}
