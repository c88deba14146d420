package model

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/internal/fakeopenai"
	sdkmodel "github.com/swarmhost/swarmhost/sdk/model"
)

// benchConversation is a model-pipe member's fourth call: its system and
// sample messages and three turns.
var benchConversation = []sdkmodel.Message{
	{Role: "system", Content: "You are member m-3 of a swarm of 8 members working on one task. " +
		"Submit your answer with the submit tool when you are done."},
	{Role: "user", Content: "What is 6 times 7?"},
	{Role: "user", Content: "Work on it."},
	{Role: "assistant", Content: "Default output from the fake endpoint"},
	{Role: "assistant", Content: "Default output from the fake endpoint"},
	{Role: "assistant", Content: "Default output from the fake endpoint"},
}

// BenchmarkOpenAIGenerate is one call through the openai provider to the
// fake endpoint, without latency: the CPU a call costs the host (and the
// endpoint, in the same process).
func BenchmarkOpenAIGenerate(b *testing.B) {
	srv := fakeopenai.Start(fakeopenai.Options{Forget: true, Raw: true}, func(int, fakeopenai.Request) fakeopenai.Reply {
		return fakeopenai.Text("Default output from the fake endpoint", fakeopenai.Usage{Prompt: 40, Completion: 9, Total: 49})
	})
	defer srv.Close()
	p, err := New(Spec{Provider: "openai", Name: "fake", BaseURL: srv.BaseURL(), MaxConnections: 64})
	require.NoError(b, err)
	req := Request{Messages: benchConversation, Tools: []sdkmodel.ToolInfo{bashTool}}
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := p.Generate(context.Background(), req); err != nil {
				b.Error(err)
				return
			}
		}
	})
}
