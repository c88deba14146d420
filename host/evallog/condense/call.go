package condense

import (
	"bytes"
	"encoding/json"
	"slices"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// callMessageKeys are the request keys a provider's messages may be under, in the order
// Inspect looks for them.
var callMessageKeys = []string{"messages", "contents", "input", "inputs"}

// ModelCall walks a model call's request and response (every string) and, when pool is set,
// moves the request's messages to the call pool ("call_refs", "call_key").
func (c *Condenser) ModelCall(raw json.RawMessage, pool bool) (json.RawMessage, error) {
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
			members[i].Val = c.walkRaw(m.Val, EventText)
		case "response":
			members[i].Val = c.walkRaw(m.Val, EventText)
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
func (c *Condenser) poolCall(request []byte) ([]byte, [][2]int, string) {
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
		return buf.Bytes(), CompressRefs(idx), m.Key
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

// SampleInput walks a sample_init's sample (JSON): its input only.
func (c *Condenser) SampleInput(raw []byte) []byte {
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
				elems[j] = c.messageRaw(e, EventText)
			}
			var buf bytes.Buffer
			jsonenc.WriteArray(&buf, elems)
			w = buf.Bytes()
		} else {
			w = c.rawText(m.Val, EventText)
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

// rawChanges walks the values of a JSON list of changes.
func (c *Condenser) rawChanges(raw []byte) []byte {
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
				members[j].Val = c.walkRaw(m.Val, EventText)
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

// RawEvent walks an event of type typ kept as JSON, of the types Inspect condenses
// (sample_init, state, store, info); others are left as they are. changed is false, and raw
// returned, when nothing changed.
func (c *Condenser) RawEvent(typ string, raw []byte) (out []byte, changed bool) {
	members, err := jsonenc.ObjectMembers(raw)
	if err != nil {
		return raw, false
	}
	return rewriteMembers(raw, members, func(m jsonenc.Member) ([]byte, bool) {
		switch {
		case typ == "sample_init" && m.Key == "sample":
			return c.SampleInput(m.Val), true
		case typ == "sample_init" && m.Key == "state", typ == "info" && m.Key == "data":
			return c.walkRaw(m.Val, EventText), true
		case (typ == "state" || typ == "store") && m.Key == "changes":
			return c.rawChanges(m.Val), true
		}
		return nil, false
	})
}
