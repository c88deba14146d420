package condense

import (
	"bytes"
	"encoding/json"
	"reflect"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// partField names the field of a content part Inspect walks as text, by the part's type.
var partField = map[string]string{"text": "text", "reasoning": "reasoning", "image": "image",
	"audio": "audio", "video": "video", "document": "document"}

// Part walks one content part (raw JSON): its text, its media, a tool use's arguments, result
// and error, or a data part's data.
func (c *Condenser) Part(raw json.RawMessage, p Policy) json.RawMessage {
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
			return c.walkRaw(m.Val, p), true
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
func (c *Condenser) rawText(val []byte, p Policy) []byte {
	if len(val) == 0 || val[0] != '"' {
		return val
	}
	return c.walkRaw(val, p)
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

// JSONMap walks every string value of a JSON object at any depth (Inspect's walk_json_dict).
func (c *Condenser) JSONMap(m map[string]any, p Policy) map[string]any {
	out, _ := c.jsonMapChanged(m, p)
	return out
}

// jsonMapChanged is jsonMap, and whether it changed anything (m itself when not).
func (c *Condenser) jsonMapChanged(m map[string]any, p Policy) (map[string]any, bool) {
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

// JSONValue walks every string of a JSON value at any depth (Inspect's walk_json_value). A
// value of another Go type is encoded and walked as JSON.
func (c *Condenser) JSONValue(v any, p Policy) any {
	out, _ := c.jsonValueChanged(v, p)
	return out
}

// jsonValueChanged is jsonValue, and whether it changed anything (v itself when not).
func (c *Condenser) jsonValueChanged(v any, p Policy) (any, bool) {
	switch x := v.(type) {
	case nil, bool, float64, float32, int, int64, int32, uint64, json.Number:
		return v, false
	case string:
		w := c.Apply(p, x)
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
	if k := reflect.TypeOf(v).Kind(); k == reflect.Float64 || k == reflect.Float32 {
		return v, false // a named float (evallog.Float): a number, or a non-finite sentinel
	}
	raw, err := jsonenc.MarshalRaw(v)
	if err != nil {
		return v, false // the event's own encoding reports it
	}
	if w := c.walkRaw(raw, p); !bytes.Equal(w, raw) {
		return json.RawMessage(w), true
	}
	return v, false
}

// messageRaw walks one message given as JSON (a sample_init's input).
func (c *Condenser) messageRaw(raw []byte, p Policy) []byte {
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
				elems[j] = c.Part(e, p)
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
func (c *Condenser) toolCallsRaw(raw []byte, p Policy) []byte {
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
				members[j].Val = c.walkRaw(m.Val, p)
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
func (c *Condenser) viewRaw(raw []byte, p Policy) []byte {
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

// ToolResult walks the media of a tool result (a text result stays inline: the same text is in
// the tool message the model sees next).
func (c *Condenser) ToolResult(v any) any {
	if _, ok := v.(string); ok || v == nil {
		return v
	}
	raw, err := jsonenc.MarshalRaw(v)
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
		if w := c.Part(e, MessageMedia); !bytes.Equal(w, e) {
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
