package main

import (
	"bytes"
	"io"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/internal/fakeopenai"
)

// benchBody is a model-pipe member's fourth request.
const benchBody = `{"messages":[{"content":"You are member m-3 of a swarm of 8 members working on one task.","role":"system"},` +
	`{"content":"What is 6 times 7?","role":"user"},{"content":"Work on it.","role":"user"},` +
	`{"content":"Default output from the fake endpoint","role":"assistant"},{"content":"Default output from the fake endpoint","role":"assistant"},` +
	`{"content":"Default output from the fake endpoint","role":"assistant"}],"model":"fake","tool_choice":"auto",` +
	`"tools":[{"function":{"name":"submit","parameters":{"properties":{"answer":{"type":"string"}},"type":"object"}},"type":"function"}]}`

// BenchmarkServe is one chat completion answered by fakeopenaid's server
// without latency, client included: the endpoint's CPU a call costs the
// model-pipe benchmark.
func BenchmarkServe(b *testing.B) {
	api := fakeopenai.Start(fakeopenai.Options{Forget: true, Raw: true}, answer)
	defer api.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 8}}
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			resp, err := client.Post(api.BaseURL()+"/chat/completions", "application/json", bytes.NewReader([]byte(benchBody)))
			require.NoError(b, err)
			_, _ = io.Copy(io.Discard, resp.Body)
			_ = resp.Body.Close()
		}
	})
}
