package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/openai/openai-go/v3"

	sdkmodel "github.com/swarmhost/swarmhost/sdk/model"
)

// errMalformed marks a response that parsed but is not a usable answer.
var errMalformed = errors.New("malformed response")

// chatResponse is the part of a chat.completion the provider reads,
// decoded with encoding/json (openai-go's decoder keeps every field's raw
// JSON and metadata besides its value: a quarter of the provider's CPU per
// call). A field of an unexpected type is left zero, as openai-go leaves
// it, rather than failing the call.
type chatResponse struct {
	Choices []chatChoice `json:"choices"`
	Usage   chatUsage    `json:"usage"`
}

type chatChoice struct {
	Message struct {
		Content   string         `json:"content"`
		ToolCalls []chatToolCall `json:"tool_calls"`
	} `json:"message"`
	FinishReason string `json:"finish_reason"`
}

type chatUsage struct {
	PromptTokens        int64 `json:"prompt_tokens"`
	CompletionTokens    int64 `json:"completion_tokens"`
	TotalTokens         int64 `json:"total_tokens"`
	PromptTokensDetails struct {
		CachedTokens     int64 `json:"cached_tokens"`
		CacheWriteTokens int64 `json:"cache_write_tokens"`
	} `json:"prompt_tokens_details"`
	CompletionTokensDetails struct {
		ReasoningTokens int64 `json:"reasoning_tokens"`
	} `json:"completion_tokens_details"`
}

// decodeResponse decodes a response body; a body that is not JSON is a
// malformed response.
func decodeResponse(body []byte) (chatResponse, error) {
	var r chatResponse
	err := json.NewDecoder(bytes.NewReader(body)).Decode(&r)
	var typeErr *json.UnmarshalTypeError
	if err != nil && !errors.As(err, &typeErr) {
		return r, fmt.Errorf("%w: error parsing response json: %w", errMalformed, err)
	}
	return r, nil
}

// fromCompletion is the part of an accumulated (streamed) completion the
// provider reads.
func fromCompletion(c *openai.ChatCompletion) chatResponse {
	r := chatResponse{Choices: make([]chatChoice, len(c.Choices))}
	for i, ch := range c.Choices {
		r.Choices[i].Message.Content, r.Choices[i].FinishReason = ch.Message.Content, ch.FinishReason
		for _, tc := range ch.Message.ToolCalls {
			r.Choices[i].Message.ToolCalls = append(r.Choices[i].Message.ToolCalls,
				chatToolCall{ID: tc.ID, Function: chatFunction{Name: tc.Function.Name, Arguments: tc.Function.Arguments}})
		}
	}
	u := c.Usage
	r.Usage = chatUsage{PromptTokens: u.PromptTokens, CompletionTokens: u.CompletionTokens, TotalTokens: u.TotalTokens}
	r.Usage.PromptTokensDetails.CachedTokens = u.PromptTokensDetails.CachedTokens
	r.Usage.PromptTokensDetails.CacheWriteTokens = u.PromptTokensDetails.CacheWriteTokens
	r.Usage.CompletionTokensDetails.ReasoningTokens = u.CompletionTokensDetails.ReasoningTokens
	return r
}

// chatOutput converts the first choice of a completion. Tool-call
// arguments that are not a JSON object are kept as a parse error on the
// call (Inspect's ToolCall.parse_error), so the agent can tell the model.
func chatOutput(modelName string, c chatResponse) (sdkmodel.Output, error) {
	if len(c.Choices) == 0 {
		return sdkmodel.Output{}, fmt.Errorf("%w: no choices", errMalformed)
	}
	ch := c.Choices[0]
	out := sdkmodel.TextOutput(modelName, ch.Message.Content)
	for i, tc := range ch.Message.ToolCalls {
		call := sdkmodel.ToolCall{ID: tc.ID, Function: tc.Function.Name, Arguments: map[string]any{}}
		if call.ID == "" {
			call.ID = fmt.Sprintf("call_%d", i+1)
		}
		if tc.Function.Arguments != "" {
			if err := json.Unmarshal([]byte(tc.Function.Arguments), &call.Arguments); err != nil || call.Arguments == nil {
				call.Arguments = map[string]any{}
				call.ParseError = fmt.Sprintf("arguments are not a JSON object: %s", tc.Function.Arguments)
			}
		}
		out.Message.ToolCalls = append(out.Message.ToolCalls, call)
	}
	out.StopReason = stopReason(ch.FinishReason)
	out.Usage = normalizeUsage(c.Usage)
	return out, nil
}

// stopReason maps a finish_reason to Inspect's stop reason.
func stopReason(finish string) string {
	switch finish {
	case "stop", "eos":
		return "stop"
	case "length":
		return "max_tokens"
	case "tool_calls", "function_call":
		return "tool_calls"
	case "content_filter":
		return "content_filter"
	}
	return "unknown"
}

// normalizeUsage is Inspect's ModelUsage from OpenAI's usage: input excludes
// cached tokens (cache reads) and cache writes, which get their own fields;
// reasoning tokens are reported apart but stay part of the output; total is
// the server's total_tokens (prompt + completion when it sends none).
func normalizeUsage(u chatUsage) sdkmodel.Usage {
	read, write := u.PromptTokensDetails.CachedTokens, u.PromptTokensDetails.CacheWriteTokens
	total := u.TotalTokens
	if total == 0 {
		total = u.PromptTokens + u.CompletionTokens
	}
	return sdkmodel.Usage{InputTokens: max(u.PromptTokens-read-write, 0), OutputTokens: u.CompletionTokens,
		TotalTokens: total, InputCacheRead: read, InputCacheWrite: write,
		ReasoningTokens: u.CompletionTokensDetails.ReasoningTokens}
}
