package model

import (
	"cmp"
	"encoding/json"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/shared"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	sdkmodel "github.com/swarmhost/swarmhost/sdk/model"
)

// TestEncodeBodyAsOpenAIGoParams: the body the provider encodes is, as
// JSON, what openai-go's typed params encode for the same call (the way
// the provider built it before it encoded the body itself).
func TestEncodeBodyAsOpenAIGoParams(t *testing.T) {
	t.Parallel()
	tools := []sdkmodel.ToolInfo{bashTool, {Name: "submit"}, {Name: "partial", Parameters: json.RawMessage(`{"required":[]}`)}}
	tests := map[string]struct {
		req    Request
		stream bool
	}{
		"every role":      {req: Request{Messages: conversation}},
		"tools, auto":     {req: Request{Messages: conversation, Tools: tools}},
		"tools, any":      {req: Request{Messages: conversation, Tools: tools, ToolChoice: "any"}},
		"tools, none":     {req: Request{Messages: conversation, Tools: tools, ToolChoice: "none"}},
		"tools, named":    {req: Request{Messages: conversation, Tools: tools, ToolChoice: "bash"}},
		"streamed":        {req: Request{Messages: benchConversation}, stream: true},
		"html characters": {req: Request{Messages: []sdkmodel.Message{{Role: "user", Content: "<a & b>"}}}},
		"empty tool id":   {req: Request{Messages: []sdkmodel.Message{{Role: "tool", Content: "out"}}}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, err := encodeBody("tiny", tc.req, tc.stream)
			require.NoError(t, err)
			want, err := paramsReference(t, tc.req, tc.stream).MarshalJSON()
			require.NoError(t, err)
			assert.JSONEq(t, string(want), string(got))
		})
	}
}

func TestEncodeBodyRejectsAnUnknownRole(t *testing.T) {
	t.Parallel()
	_, err := encodeBody("tiny", Request{Messages: []sdkmodel.Message{{Role: "user"}, {Role: "robot"}}}, false)
	assert.EqualError(t, err, `message 2: unknown role "robot"`)
}

// paramsReference is the call as openai-go's typed params.
func paramsReference(t *testing.T, req Request, stream bool) openai.ChatCompletionNewParams {
	t.Helper()
	p := openai.ChatCompletionNewParams{Model: "tiny"}
	for _, m := range req.Messages {
		switch m.Role {
		case sdkmodel.RoleSystem:
			p.Messages = append(p.Messages, openai.SystemMessage(m.Content))
		case sdkmodel.RoleUser:
			p.Messages = append(p.Messages, openai.UserMessage(m.Content))
		case sdkmodel.RoleTool:
			p.Messages = append(p.Messages, openai.ToolMessage(toolText(m), m.ToolCallID))
		case sdkmodel.RoleAssistant:
			a := openai.ChatCompletionAssistantMessageParam{}
			a.Content.OfString = openai.String(m.Content)
			for _, c := range m.ToolCalls {
				args, _ := json.Marshal(orEmptyArgs(c.Arguments))
				a.ToolCalls = append(a.ToolCalls, openai.ChatCompletionMessageToolCallUnionParam{
					OfFunction: &openai.ChatCompletionMessageFunctionToolCallParam{ID: c.ID,
						Function: openai.ChatCompletionMessageFunctionToolCallFunctionParam{Name: c.Function, Arguments: string(args)}}})
			}
			p.Messages = append(p.Messages, openai.ChatCompletionMessageParamUnion{OfAssistant: &a})
		}
	}
	for _, tool := range req.Tools {
		params := shared.FunctionParameters{"type": "object", "properties": map[string]any{}}
		if len(tool.Parameters) > 0 {
			require.NoError(t, json.Unmarshal(tool.Parameters, &params))
		}
		def := shared.FunctionDefinitionParam{Name: tool.Name, Parameters: params}
		if tool.Description != "" {
			def.Description = openai.String(tool.Description)
		}
		p.Tools = append(p.Tools, openai.ChatCompletionFunctionTool(def))
	}
	if len(req.Tools) > 0 {
		switch req.ToolChoice {
		case "", "auto", "none":
			p.ToolChoice = openai.ChatCompletionToolChoiceOptionUnionParam{OfAuto: openai.String(cmp.Or(req.ToolChoice, "auto"))}
		case "any":
			p.ToolChoice = openai.ChatCompletionToolChoiceOptionUnionParam{OfAuto: openai.String("required")}
		default:
			p.ToolChoice = openai.ToolChoiceOptionFunctionToolChoice(openai.ChatCompletionNamedToolChoiceFunctionParam{Name: req.ToolChoice})
		}
	}
	if stream {
		p.StreamOptions.IncludeUsage = openai.Bool(true)
	}
	return p
}

func TestDecodeResponse(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		body    string
		want    func(*chatResponse)
		wantErr string
	}{
		"text and usage": {body: `{"choices":[{"message":{"content":"hi"},"finish_reason":"stop"}],` +
			`"usage":{"prompt_tokens":10,"completion_tokens":2,"total_tokens":12,"prompt_tokens_details":{"cached_tokens":3},"completion_tokens_details":{"reasoning_tokens":1}}}`,
			want: func(r *chatResponse) {
				r.Choices = []chatChoice{{FinishReason: "stop"}}
				r.Choices[0].Message.Content = "hi"
				r.Usage = chatUsage{PromptTokens: 10, CompletionTokens: 2, TotalTokens: 12}
				r.Usage.PromptTokensDetails.CachedTokens, r.Usage.CompletionTokensDetails.ReasoningTokens = 3, 1
			}},
		"tool call, null content": {body: `{"choices":[{"message":{"content":null,"tool_calls":[{"id":"c","type":"function","function":{"name":"f","arguments":"{}"}}]}}]}`,
			want: func(r *chatResponse) {
				r.Choices = []chatChoice{{}}
				r.Choices[0].Message.ToolCalls = []chatToolCall{{ID: "c", Type: "function", Function: chatFunction{Name: "f", Arguments: "{}"}}}
			}},
		"a field of the wrong type is left zero": {body: `{"choices":[{"message":{"content":["x"]},"finish_reason":"stop"}],"usage":{"total_tokens":"7","prompt_tokens":2}}`,
			want: func(r *chatResponse) {
				r.Choices = []chatChoice{{FinishReason: "stop"}}
				r.Usage.PromptTokens = 2
			}},
		"truncated":  {body: `{"choices": [`, wantErr: "malformed response: error parsing response json: unexpected EOF"},
		"not json":   {body: `<html>`, wantErr: "malformed response: error parsing response json: invalid character '<' looking for beginning of value"},
		"empty body": {body: ``, wantErr: "malformed response: error parsing response json: EOF"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, err := decodeResponse([]byte(tc.body))
			if tc.wantErr != "" {
				assert.EqualError(t, err, tc.wantErr)
				assert.ErrorIs(t, err, errMalformed)
				return
			}
			require.NoError(t, err)
			var want chatResponse
			tc.want(&want)
			assert.Equal(t, want, got)
		})
	}
}
