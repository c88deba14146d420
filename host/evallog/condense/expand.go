package condense

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// Resolve replaces each string value "attachment://<key>" of b whose key is in
// attachments by the attachment's text.
func Resolve(b []byte, attachments map[string]string) []byte {
	minLen := len(Protocol) + 2
	return jsonenc.RewriteStrings(b, minLen, func(s string) (string, bool) {
		key, ok := strings.CutPrefix(s, Protocol)
		if !ok {
			return s, false
		}
		text, ok := attachments[key]
		return text, ok
	})
}

// ExpandRefs is the pool's elements the ranges name, in order.
func ExpandRefs[T any](refs [][2]int, pool []T) ([]T, error) {
	out := []T{}
	for _, r := range refs {
		if r[0] < 0 || r[1] < r[0] || r[1] > len(pool) {
			return nil, fmt.Errorf("range [%d, %d) is outside the pool of %d", r[0], r[1], len(pool))
		}
		out = append(out, pool[r[0]:r[1]]...)
	}
	return out, nil
}

// ExpandCall puts a condensed model call's request messages back under their key
// ("call_key", "messages" when absent) and drops the references.
func ExpandCall(raw json.RawMessage, pool []json.RawMessage) (json.RawMessage, error) {
	members, err := jsonenc.ObjectMembers(raw)
	if err != nil {
		return raw, nil
	}
	var refs [][2]int
	key := "messages"
	kept := members[:0:0]
	for _, m := range members {
		switch m.Key {
		case "call_refs":
			if err := json.Unmarshal(m.Val, &refs); err != nil {
				return nil, err
			}
		case "call_key":
			var k *string
			if err := json.Unmarshal(m.Val, &k); err != nil {
				return nil, err
			}
			if k != nil {
				key = *k
			}
		default:
			kept = append(kept, m)
		}
	}
	if refs == nil {
		return raw, nil
	}
	msgs, err := ExpandRefs(refs, pool)
	if err != nil {
		return nil, err
	}
	for i, m := range kept {
		if m.Key != "request" {
			continue
		}
		req, err := jsonenc.ObjectMembers(m.Val)
		if err != nil {
			return nil, err
		}
		elems := make([][]byte, len(msgs))
		for j, e := range msgs {
			elems[j] = e
		}
		var list bytes.Buffer
		jsonenc.WriteArray(&list, elems)
		req = setMember(req, key, list.Bytes())
		var buf bytes.Buffer
		jsonenc.WriteObject(&buf, req)
		kept[i].Val = buf.Bytes()
	}
	var buf bytes.Buffer
	jsonenc.WriteObject(&buf, kept)
	return buf.Bytes(), nil
}

// setMember sets key to val, in place when the object has it, else at its end.
func setMember(members []jsonenc.Member, key string, val []byte) []jsonenc.Member {
	for i, m := range members {
		if m.Key == key {
			members[i].Val = val
			return members
		}
	}
	return append(members, jsonenc.Member{Key: key, Val: val})
}
