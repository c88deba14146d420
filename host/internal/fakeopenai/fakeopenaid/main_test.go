package main

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/swarmhost/swarmhost/host/internal/fakeopenai"
)

// TestTextReplyUsage: the prompt tokens are a token per 4 characters of the
// messages' text contents (rounded up), as mockllm counts them.
func TestTextReplyUsage(t *testing.T) {
	out := int64(len(answerText)+3) / 4
	tests := map[string]struct {
		body   string
		prompt int64
	}{
		"no messages":       {body: `{"model":"m"}`, prompt: 0},
		"two texts":         {body: `{"messages":[{"role":"user","content":"abcd"},{"role":"assistant","content":"efghi"}]}`, prompt: 3},
		"escaped text":      {body: `{"messages":[{"role":"user","content":"a\nb\u00e9"}]}`, prompt: 2},
		"content parts":     {body: `{"messages":[{"role":"user","content":[{"type":"text","text":"abcdefgh"}]},{"content":"x"}]}`, prompt: 1},
		"not a json body":   {body: `nope`, prompt: 0},
		"null content":      {body: `{"messages":[{"role":"assistant","content":null}]}`, prompt: 0},
		"unknown fields ok": {body: `{"temperature":0.5,"messages":[{"content":"abcd","name":"x"}]}`, prompt: 1},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			got := textReply([]byte(tc.body))
			assert.Equal(t, fakeopenai.Usage{Prompt: tc.prompt, Completion: out, Total: tc.prompt + out}, got.Usage)
			assert.Equal(t, answerText, got.Content)
		})
	}
}
