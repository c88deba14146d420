package logcompare

import "strings"

// ExpandSamples undoes, in place, the condensing of each sample of a decoded log (see evallog's
// condenser; Inspect's condense_sample): attachment references are replaced by their text, and
// model events' inputs and call messages are taken back from the sample's pools. Two runs can
// then be compared by content, whatever order their pools were filled in.
func ExpandSamples(log map[string]any) {
	samples, _ := log["samples"].([]any)
	for _, s := range samples {
		if sample, ok := s.(map[string]any); ok {
			ExpandSample(sample)
		}
	}
}

// ExpandSample expands one decoded sample (a .json log's, or an .eval log's sample document) in place.
func ExpandSample(s map[string]any) {
	att, _ := s["attachments"].(map[string]any)
	data, _ := s["events_data"].(map[string]any)
	delete(s, "events_data")
	s["attachments"] = map[string]any{}
	for k, v := range s {
		s[k] = resolve(v, att)
	}
	if data == nil {
		return
	}
	data = resolve(data, att).(map[string]any)
	msgs, _ := data["messages"].([]any)
	calls, _ := data["calls"].([]any)
	events, _ := s["events"].([]any)
	for _, e := range events {
		ev, ok := e.(map[string]any)
		if !ok {
			continue
		}
		if refs, ok := ev["input_refs"]; ok {
			ev["input"] = fromPool(refs, msgs)
			delete(ev, "input_refs")
		}
		if call, ok := ev["call"].(map[string]any); ok {
			if refs, ok := call["call_refs"]; ok {
				key, _ := call["call_key"].(string)
				if key == "" {
					key = "messages"
				}
				if req, ok := call["request"].(map[string]any); ok {
					req[key] = fromPool(refs, calls)
				}
				delete(call, "call_refs")
				delete(call, "call_key")
			}
		}
	}
}

// resolve replaces every "attachment://<key>" string of v naming an attachment by its text.
func resolve(v any, att map[string]any) any {
	switch x := v.(type) {
	case string:
		if key, ok := strings.CutPrefix(x, "attachment://"); ok {
			if text, ok := att[key].(string); ok {
				return text
			}
		}
	case map[string]any:
		for k, e := range x {
			x[k] = resolve(e, att)
		}
	case []any:
		for i, e := range x {
			x[i] = resolve(e, att)
		}
	}
	return v
}

// fromPool is the pool's elements that range-encoded refs ([[start, end), ...]) name.
func fromPool(refs any, pool []any) []any {
	out := []any{}
	list, _ := refs.([]any)
	for _, r := range list {
		pair, _ := r.([]any)
		if len(pair) != 2 {
			continue
		}
		start, end := index(pair[0]), index(pair[1])
		for i := start; i < end && i < len(pool); i++ {
			out = append(out, pool[i])
		}
	}
	return out
}

// index is a decoded JSON number (float64, or json.Number with the decoder's UseNumber) as an
// int.
func index(v any) int {
	switch n := v.(type) {
	case float64:
		return int(n)
	case interface{ Int64() (int64, error) }:
		i, _ := n.Int64()
		return int(i)
	}
	return 0
}
