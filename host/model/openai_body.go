package model

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"

	sdkmodel "github.com/swarmhost/swarmhost/sdk/model"
)

// The chat-completions request body, encoded by the provider with
// encoding/json rather than through openai-go's typed params: their
// reflection over the whole params type was a third of the provider's CPU
// per call (BENCHMARKS.md, "the model pipe"), and a member's call sends its
// whole conversation. The generate config's keys are then set on the
// encoded body by the client, as before (bodyOptions).
type chatBody struct {
	Messages      []chatMessage  `json:"messages"`
	Model         string         `json:"model"`
	StreamOptions *streamOptions `json:"stream_options,omitempty"`
	ToolChoice    any            `json:"tool_choice,omitempty"`
	Tools         []chatTool     `json:"tools,omitempty"`
}

// chatMessage is one message; content is always sent (an assistant's even
// when empty, which every compatible server accepts), a tool message's
// tool_call_id too.
type chatMessage struct {
	Content    string         `json:"content"`
	ToolCalls  []chatToolCall `json:"tool_calls,omitempty"`
	ToolCallID *string        `json:"tool_call_id,omitempty"`
	Role       string         `json:"role"`
}

// chatToolCall is an assistant's tool call with its arguments as JSON text.
type chatToolCall struct {
	ID       string       `json:"id"`
	Function chatFunction `json:"function"`
	Type     string       `json:"type"`
}

type chatFunction struct {
	Arguments string `json:"arguments"`
	Name      string `json:"name"`
}

// chatTool is a tool described as a function.
type chatTool struct {
	Function chatToolDef `json:"function"`
	Type     string      `json:"type"`
}

type chatToolDef struct {
	Name        string         `json:"name"`
	Description string         `json:"description,omitempty"`
	Parameters  map[string]any `json:"parameters"`
}

// namedChoice is a tool choice naming one function.
type namedChoice struct {
	Function struct {
		Name string `json:"name"`
	} `json:"function"`
	Type string `json:"type"`
}

type streamOptions struct {
	IncludeUsage bool `json:"include_usage"`
}

// encodeBody encodes the request's messages, tools and tool choice, with
// stream_options when streamed.
func encodeBody(name string, req Request, stream bool) ([]byte, error) {
	msgs, err := chatMessages(req.Messages)
	if err != nil {
		return nil, err
	}
	body := chatBody{Messages: msgs, Model: name, Tools: chatTools(req.Tools)}
	if len(req.Tools) > 0 {
		body.ToolChoice = toolChoice(req.ToolChoice)
	}
	if stream {
		body.StreamOptions = &streamOptions{IncludeUsage: true}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(body); err != nil {
		return nil, fmt.Errorf("encoding the request: %w", err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// chatMessages converts the conversation to chat-completions messages.
func chatMessages(ms []sdkmodel.Message) ([]chatMessage, error) {
	out := make([]chatMessage, len(ms))
	for i, m := range ms {
		switch m.Role {
		case sdkmodel.RoleSystem, sdkmodel.RoleUser:
			out[i] = chatMessage{Role: m.Role, Content: m.Content}
		case sdkmodel.RoleAssistant:
			out[i] = chatMessage{Role: m.Role, Content: m.Content, ToolCalls: chatToolCalls(m.ToolCalls)}
		case sdkmodel.RoleTool:
			out[i] = chatMessage{Role: m.Role, Content: toolText(m), ToolCallID: &m.ToolCallID}
		default:
			return nil, fmt.Errorf("message %d: unknown role %q", i+1, m.Role)
		}
	}
	return out, nil
}

// chatToolCalls are an assistant's calls with JSON arguments.
func chatToolCalls(calls []sdkmodel.ToolCall) []chatToolCall {
	var out []chatToolCall
	for _, c := range calls {
		args, _ := json.Marshal(orEmptyArgs(c.Arguments))
		out = append(out, chatToolCall{ID: c.ID, Type: "function", Function: chatFunction{Name: c.Function, Arguments: string(args)}})
	}
	return out
}

// chatTools describes the tools as functions; a tool's parameters schema
// is laid over an empty object schema.
func chatTools(tools []sdkmodel.ToolInfo) []chatTool {
	var out []chatTool
	for _, t := range tools {
		params := map[string]any{"type": "object", "properties": map[string]any{}}
		if len(t.Parameters) > 0 {
			_ = json.Unmarshal(t.Parameters, &params)
		}
		out = append(out, chatTool{Type: "function", Function: chatToolDef{Name: t.Name, Description: t.Description, Parameters: params}})
	}
	return out
}

// toolChoice maps Inspect's choice: "auto" (default), "none", "any"
// (OpenAI's "required") or a tool's name.
func toolChoice(choice string) any {
	switch choice {
	case "", "auto", "none":
		return cmp.Or(choice, "auto")
	case "any":
		return "required"
	}
	var c namedChoice
	c.Function.Name, c.Type = choice, "function"
	return c
}

// toolText is a tool message's text; a failed call reads "Error: <message>"
// (as Inspect sends it), followed by any output the tool still produced.
func toolText(m sdkmodel.Message) string {
	if m.Error == nil {
		return m.Content
	}
	text := "Error: " + m.Error.Message
	if m.Content != "" {
		text += "\n\n" + m.Content
	}
	return text
}

func orEmptyArgs(args map[string]any) map[string]any {
	if args == nil {
		return map[string]any{}
	}
	return args
}
