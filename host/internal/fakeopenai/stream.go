package fakeopenai

import (
	"encoding/json"
	"fmt"
	"net/http"
)

// writeStream sends the reply as server-sent chat.completion.chunk events:
// the text, each tool call (its arguments split in two deltas), the finish
// reason, then a usage-only chunk and [DONE].
func (r Reply) writeStream(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/event-stream")
	send := func(choices []any, usage *usageJSON) {
		chunk := map[string]any{"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": 0,
			"model": "fake", "choices": choices}
		if usage != nil {
			chunk["usage"] = usage
		}
		b, _ := json.Marshal(chunk)
		fmt.Fprintf(w, "data: %s\n\n", b)
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
	}
	delta := func(d map[string]any, finish any) []any {
		return []any{map[string]any{"index": 0, "delta": d, "finish_reason": finish}}
	}
	send(delta(map[string]any{"role": "assistant", "content": r.Content}, nil), nil)
	for i, c := range r.ToolCalls {
		half := len(c.Arguments) / 2
		send(delta(map[string]any{"tool_calls": []any{map[string]any{"index": i, "id": c.ID, "type": "function",
			"function": map[string]any{"name": c.Name, "arguments": c.Arguments[:half]}}}}, nil), nil)
		send(delta(map[string]any{"tool_calls": []any{map[string]any{"index": i,
			"function": map[string]any{"arguments": c.Arguments[half:]}}}}, nil), nil)
	}
	send(delta(map[string]any{}, r.finish()), nil)
	u := r.Usage.json()
	send([]any{}, &u)
	fmt.Fprint(w, "data: [DONE]\n\n")
}
