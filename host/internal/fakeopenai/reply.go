package fakeopenai

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// Reply is one scripted answer. By default it is a 200 completion with
// Content, ToolCalls, Finish (default "stop", or "tool_calls" when there
// are calls) and Usage. Status and Body send a raw answer instead; Hang
// holds the request until the client gives up; Drop closes the connection
// without answering.
type Reply struct {
	Content   string
	ToolCalls []Call
	Finish    string
	Usage     Usage

	Status int
	Body   string
	Header map[string]string
	Hang   bool
	Drop   bool
	// Delay holds the answer back this long (to make calls overlap).
	Delay time.Duration
}

// Call is a tool call in a reply; Arguments is sent verbatim (it need not
// be valid JSON).
type Call struct {
	ID, Name, Arguments string
}

// Usage is the usage block of a reply, in OpenAI's terms.
type Usage struct {
	Prompt, Completion, Total, Cached, CacheWrite, Reasoning int64
}

// Text is a plain text reply.
func Text(content string, u Usage) Reply { return Reply{Content: content, Usage: u} }

// Tool is a reply with one tool call whose arguments are args as JSON.
func Tool(id, name string, args map[string]any, u Usage) Reply {
	b, _ := json.Marshal(args)
	return Reply{ToolCalls: []Call{{ID: id, Name: name, Arguments: string(b)}}, Usage: u}
}

// Error is an HTTP error with an OpenAI-style error body.
func Error(status int, message string, header map[string]string) Reply {
	b, _ := json.Marshal(map[string]any{"error": map[string]any{"message": message, "type": "server_error", "code": status}})
	return Reply{Status: status, Body: string(b), Header: header}
}

func (r Reply) write(w http.ResponseWriter, req *http.Request, stream bool) {
	select {
	case <-time.After(r.Delay):
	case <-req.Context().Done():
		return
	}
	switch {
	case r.Drop:
		drop(w)
		return
	case r.Hang:
		<-req.Context().Done()
		return
	}
	for k, v := range r.Header {
		w.Header().Set(k, v)
	}
	if r.Status != 0 || r.Body != "" {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(max(r.Status, http.StatusOK))
		fmt.Fprint(w, r.Body)
		return
	}
	if stream {
		r.writeStream(w)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(r.completion())
}

func drop(w http.ResponseWriter) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		panic("fakeopenai: cannot hijack the connection")
	}
	conn, _, err := hj.Hijack()
	if err == nil {
		conn.Close()
	}
}

func (r Reply) finish() string {
	switch {
	case r.Finish != "":
		return r.Finish
	case len(r.ToolCalls) > 0:
		return "tool_calls"
	}
	return "stop"
}

// completion is the reply as a chat.completion object (typed, so it is
// encoded without maps: the endpoint's CPU counts against a benchmark's
// pipe).
func (r Reply) completion() chatCompletion {
	msg := replyMessage{Role: "assistant", Content: &r.Content}
	if len(r.ToolCalls) > 0 {
		if r.Content == "" {
			msg.Content = nil
		}
		for _, c := range r.ToolCalls {
			msg.ToolCalls = append(msg.ToolCalls, replyCall{ID: c.ID, Type: "function",
				Function: replyFunction{Name: c.Name, Arguments: c.Arguments}})
		}
	}
	return chatCompletion{ID: "chatcmpl-fake", Object: "chat.completion", Model: "fake",
		Choices: []replyChoice{{Message: msg, FinishReason: r.finish()}}, Usage: r.Usage.json()}
}

type chatCompletion struct {
	ID      string        `json:"id"`
	Object  string        `json:"object"`
	Created int64         `json:"created"`
	Model   string        `json:"model"`
	Choices []replyChoice `json:"choices"`
	Usage   usageJSON     `json:"usage"`
}

type replyChoice struct {
	Index        int          `json:"index"`
	Message      replyMessage `json:"message"`
	FinishReason string       `json:"finish_reason"`
}

// replyMessage's content is null in a reply of only tool calls.
type replyMessage struct {
	Role      string      `json:"role"`
	Content   *string     `json:"content"`
	ToolCalls []replyCall `json:"tool_calls,omitempty"`
}

type replyCall struct {
	ID       string        `json:"id"`
	Type     string        `json:"type"`
	Function replyFunction `json:"function"`
}

type replyFunction struct {
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

// usageJSON is a usage block in OpenAI's terms.
type usageJSON struct {
	Prompt        int64 `json:"prompt_tokens"`
	Completion    int64 `json:"completion_tokens"`
	Total         int64 `json:"total_tokens"`
	PromptDetails struct {
		Cached     int64 `json:"cached_tokens"`
		CacheWrite int64 `json:"cache_write_tokens"`
	} `json:"prompt_tokens_details"`
	CompletionDetails struct {
		Reasoning int64 `json:"reasoning_tokens"`
	} `json:"completion_tokens_details"`
}

func (u Usage) json() usageJSON {
	j := usageJSON{Prompt: u.Prompt, Completion: u.Completion, Total: u.Total}
	j.PromptDetails.Cached, j.PromptDetails.CacheWrite = u.Cached, u.CacheWrite
	j.CompletionDetails.Reasoning = u.Reasoning
	return j
}
