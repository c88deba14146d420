package evallog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/swarmhost/swarmhost/host/evallog/jsonenc"
)

// UnmarshalJSON reads a sample and expands it when it is condensed (as Inspect's recorders and
// this package's writers write samples; see condenser), as Inspect's readers do with
// resolve_attachments: every "attachment://<key>" naming one of the sample's attachments is
// replaced by its text, and each model event's input and call messages are taken back from
// the sample's pools. The sample read has no attachments and no EventsData.
func (s *EvalSample) UnmarshalJSON(b []byte) error {
	type plain EvalSample
	var head struct {
		Attachments map[string]string `json:"attachments"`
	}
	if bytes.Contains(b, []byte(attachmentProtocol)) {
		if err := json.Unmarshal(b, &head); err != nil {
			return err
		}
	}
	if len(head.Attachments) > 0 {
		b = resolveAttachments(b, head.Attachments)
	}
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	*s = EvalSample(p)
	if err := s.expandPools(); err != nil {
		return fmt.Errorf("evallog: sample %s epoch %d: %w", s.ID, s.Epoch, err)
	}
	if len(head.Attachments) > 0 {
		s.Attachments = map[string]string{}
	}
	return nil
}

// resolveAttachments replaces each string value "attachment://<key>" of b whose key is in
// attachments by the attachment's text.
func resolveAttachments(b []byte, attachments map[string]string) []byte {
	minLen := len(attachmentProtocol) + 2
	return jsonenc.RewriteStrings(b, minLen, func(s string) (string, bool) {
		key, ok := strings.CutPrefix(s, attachmentProtocol)
		if !ok {
			return s, false
		}
		text, ok := attachments[key]
		return text, ok
	})
}

// expandPools takes the model events' inputs and call messages back from the pools.
func (s *EvalSample) expandPools() error {
	d := s.EventsData
	s.EventsData = nil
	if d == nil {
		return nil
	}
	for i, e := range s.Events {
		m, ok := e.(ModelEvent)
		if !ok {
			continue
		}
		if m.InputRefs != nil {
			in, err := expandRefs(m.InputRefs, d.Messages)
			if err != nil {
				return fmt.Errorf("event %d: input_refs: %w", i, err)
			}
			m.Input, m.InputRefs = in, nil
		}
		if len(m.Call) > 0 && len(d.Calls) > 0 {
			call, err := expandCall(m.Call, d.Calls)
			if err != nil {
				return fmt.Errorf("event %d: call_refs: %w", i, err)
			}
			m.Call = call
		}
		s.Events[i] = m
	}
	return nil
}

// expandRefs is the pool's elements the ranges name, in order.
func expandRefs[T any](refs [][2]int, pool []T) ([]T, error) {
	out := []T{}
	for _, r := range refs {
		if r[0] < 0 || r[1] < r[0] || r[1] > len(pool) {
			return nil, fmt.Errorf("range [%d, %d) is outside the pool of %d", r[0], r[1], len(pool))
		}
		out = append(out, pool[r[0]:r[1]]...)
	}
	return out, nil
}

// expandCall puts a condensed model call's request messages back under their key
// ("call_key", "messages" when absent) and drops the references.
func expandCall(raw json.RawMessage, pool []json.RawMessage) (json.RawMessage, error) {
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
	msgs, err := expandRefs(refs, pool)
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
