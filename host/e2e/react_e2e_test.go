package e2e

import (
	"encoding/json"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/cli"
	"github.com/swarmhost/swarmhost/host/internal/fakeopenai"
	"github.com/swarmhost/swarmhost/host/internal/logcompare"
)

// reactSamples reads a log's samples as plain JSON, as Inspect would.
func reactSamples(t *testing.T, path string) []map[string]any {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var l struct {
		Samples []map[string]any `json:"samples"`
	}
	require.NoError(t, json.Unmarshal(b, &l))
	for _, s := range l.Samples {
		logcompare.ExpandSample(s) // attachments and pools, as Inspect's readers resolve them
	}
	return l.Samples
}

// reactEvents returns a sample's events of one kind, optionally of one member's
// span only.
func reactEvents(sample map[string]any, kind, member string) []map[string]any {
	var out []map[string]any
	for _, e := range sample["events"].([]any) {
		ev := e.(map[string]any)
		if ev["event"] == kind && (member == "" || ev["span_id"] == "member-"+member) {
			out = append(out, ev)
		}
	}
	return out
}

// reactStatuses reads the record's statuses from a raw sample.
func reactStatuses(sample map[string]any) map[string]string {
	rec := sample["store"].(map[string]any)["inspect_swarm:result"].(map[string]any)
	out := map[string]string{}
	for _, m := range rec["members"].([]any) {
		mm := m.(map[string]any)
		out[mm["name"].(string)] = mm["status"].(string)
	}
	return out
}

func TestRunReactExample(t *testing.T) {
	t.Parallel()
	code, sum, errOut := runJSON(t, repoPath("examples", "react"))
	require.Equal(t, cli.ExitOK, code, errOut)
	assert.Equal(t, "success", sum["status"])
	scores := sum["scores"].(map[string]any)["match"].(map[string]any)
	assert.Equal(t, 1.0, scores["accuracy"])

	samples := reactSamples(t, sum["log"].(string))
	require.Len(t, samples, 1)
	s := samples[0]
	assert.Equal(t, map[string]string{"react-1": "submitted", "react-2": "submitted", "react-3": "submitted",
		"react-4": "submitted"}, reactStatuses(s))
	assert.Equal(t, "Both counts agree.\n\n3", s["output"].(map[string]any)["completion"])
	for _, m := range []string{"react-1", "react-2", "react-3", "react-4"} {
		tools := reactEvents(s, "tool", m)
		require.Len(t, tools, 6, m)
		assert.Equal(t, []any{"submit", "3"}, []any{tools[5]["function"], tools[5]["result"]}, "submit has its tool event")
		assert.Equal(t, "send_message", tools[0]["function"])
		assert.True(t, strings.HasPrefix(tools[0]["result"].(string), "Sent m-"), "a message to the peers: %v", tools[0]["result"])
		assert.Equal(t, []any{"bash", "3\n"}, []any{tools[1]["function"], tools[1]["result"]}, "bash ran in the sandbox")
		assert.Equal(t, []any{"python", "3\n"}, []any{tools[2]["function"], tools[2]["result"]})
		assert.Equal(t, "read_messages", tools[3]["function"])
		assert.Equal(t, "write_file", tools[4]["function"])
		for _, tl := range tools {
			assert.Nil(t, tl["error"], "%s %s", m, tl["function"])
		}
		assert.Len(t, reactEvents(s, "model", m), 6, m)
	}
	validateLogFile(t, sum["log"].(string))
}

// conversationReplies script one member's conversation: a tool call, a
// rate limit, nonsense arguments, a malformed body, plain text, an
// overloaded server, a hung request, and the submission.
func conversationReplies() []fakeopenai.Reply {
	return []fakeopenai.Reply{
		fakeopenai.Tool("c1", "bash", map[string]any{"command": "echo hello > greeting.txt && cat greeting.txt"},
			fakeopenai.Usage{Prompt: 10, Completion: 5, Total: 15}),
		fakeopenai.Error(http.StatusTooManyRequests, "rate limited", map[string]string{"Retry-After-Ms": "1"}),
		{ToolCalls: []fakeopenai.Call{{ID: "c2", Name: "read_file", Arguments: "{not json"}},
			Usage: fakeopenai.Usage{Prompt: 20, Completion: 6, Total: 26}},
		{Status: http.StatusOK, Body: `{"choices": [`},
		fakeopenai.Text("Let me think.", fakeopenai.Usage{Prompt: 30, Completion: 2, Total: 32}),
		fakeopenai.Error(http.StatusServiceUnavailable, "overloaded", map[string]string{"Retry-After-Ms": "1"}),
		{Hang: true},
		fakeopenai.Tool("c3", "submit", map[string]any{"answer": "hello"},
			fakeopenai.Usage{Prompt: 40, Completion: 7, Total: 47, Cached: 8}),
	}
}

// TestReactOpenAIConversation is not parallel: it sets the API key's
// environment variable.
func TestReactOpenAIConversation(t *testing.T) {
	t.Setenv("SWARMHOST_TEST_KEY", "sk-e2e")
	srv := fakeopenai.New(t, conversationReplies()...)
	code, sum, errOut := runJSON(t, repoPath("host", "e2e", "testdata", "react", "conversation.hcl"),
		"--var", "base_url="+srv.BaseURL())
	require.Equal(t, cli.ExitOK, code, errOut)
	require.Equal(t, 8, srv.Count())
	checkConversationRequests(t, srv.Requests())

	samples := reactSamples(t, sum["log"].(string))
	require.Len(t, samples, 1)
	s := samples[0]
	assert.Equal(t, map[string]string{"react": "submitted"}, reactStatuses(s))
	assert.Equal(t, "hello", s["output"].(map[string]any)["completion"])
	checkConversationEvents(t, s)
	validateLogFile(t, sum["log"].(string))
}

func checkConversationRequests(t *testing.T, reqs []fakeopenai.Request) {
	t.Helper()
	first := reqs[0]
	assert.Equal(t, "Bearer sk-e2e", first.Header.Get("Authorization"))
	for k, v := range map[string]any{"model": "fake-model", "temperature": 0.0, "seed": 1.0, "max_tokens": 200.0} {
		assert.Equal(t, v, first.Body[k], k)
	}
	assert.NotContains(t, first.Body, "attempt_timeout")
	assert.NotContains(t, first.Body, "max_retries")
	var tools []string
	for _, tl := range first.Body["tools"].([]any) {
		tools = append(tools, tl.(map[string]any)["function"].(map[string]any)["name"].(string))
	}
	assert.Equal(t, []string{"bash", "python", "read_file", "write_file", "submit"}, tools)
	msgs := reactMessages(first)
	require.Len(t, msgs, 3)
	assert.Equal(t, "system", msgs[0]["role"])
	assert.NotContains(t, msgs[0]["content"], "You are react", "the preamble is not in the system prompt")
	assert.Equal(t, map[string]any{"role": "user", "content": "Write hello to a file and submit what it says."}, msgs[1])
	assert.Equal(t, "user", msgs[2]["role"], "the preamble follows the input")
	assert.Contains(t, msgs[2]["content"], "You are react, and no other agent works in this swarm")

	assert.Equal(t, reactMessages(reqs[1]), reactMessages(reqs[2]), "a retry resends the same call")
	assert.Equal(t, map[string]any{"role": "tool", "tool_call_id": "c1", "content": "hello\n"}, reactLast(reactMessages(reqs[1])))
	assert.Equal(t, map[string]any{"role": "tool", "tool_call_id": "c2",
		"content": "Error: arguments are not a JSON object: {not json"}, reactLast(reactMessages(reqs[3])))
	assert.Contains(t, reactLast(reactMessages(reqs[4]))["content"], "The last model call failed: ")
	assert.Contains(t, reactLast(reactMessages(reqs[4]))["content"], "malformed response")
	assert.Contains(t, reactLast(reactMessages(reqs[5]))["content"], "Please proceed to the next step")
	assert.Equal(t, reactMessages(reqs[5]), reactMessages(reqs[7]), "retried after 503 and a timeout")
}

// checkConversationEvents compares each model event with what the fake
// server returned for that call.
func checkConversationEvents(t *testing.T, s map[string]any) {
	t.Helper()
	evs := reactEvents(s, "model", "react")
	require.Len(t, evs, 5)
	type want struct {
		usage   map[string]any
		retries any
		err     string
	}
	cost := func(in, out float64) float64 { return (in*2 + out*10) / 1e6 }
	wants := []want{
		{usage: map[string]any{"input_tokens": 10.0, "output_tokens": 5.0, "total_tokens": 15.0, "total_cost": cost(10, 5)}},
		{usage: map[string]any{"input_tokens": 20.0, "output_tokens": 6.0, "total_tokens": 26.0, "total_cost": cost(20, 6)}, retries: 1.0},
		{err: "malformed response"},
		{usage: map[string]any{"input_tokens": 30.0, "output_tokens": 2.0, "total_tokens": 32.0, "total_cost": cost(30, 2)}},
		{usage: map[string]any{"input_tokens": 32.0, "output_tokens": 7.0, "total_tokens": 47.0, "input_tokens_cache_read": 8.0,
			"total_cost": cost(40, 7)}, retries: 2.0},
	}
	for i, w := range wants {
		ev := evs[i]
		out := ev["output"].(map[string]any)
		if w.err != "" {
			assert.Contains(t, ev["error"], w.err, "event %d", i)
			assert.Nil(t, out["usage"], "event %d", i)
			continue
		}
		usage := out["usage"].(map[string]any)
		for k, v := range w.usage {
			assert.InDelta(t, v, usage[k], 1e-12, "event %d %s", i, k)
		}
		assert.Equal(t, w.retries, ev["retries"], "event %d", i)
		assert.Equal(t, map[string]any{"temperature": 0.0, "seed": 1.0, "max_tokens": 200.0, "attempt_timeout": 1.0,
			"max_retries": 2.0}, ev["config"], "event %d", i)
	}
	parse := evs[1]["output"].(map[string]any)["choices"].([]any)[0].(map[string]any)["message"].(map[string]any)
	assert.Equal(t, "arguments are not a JSON object: {not json", parse["tool_calls"].([]any)[0].(map[string]any)["parse_error"])

	total := s["model_usage"].(map[string]any)["openai/fake-model"].(map[string]any)
	assert.Equal(t, []any{92.0, 20.0, 120.0, 8.0}, []any{total["input_tokens"], total["output_tokens"],
		total["total_tokens"], total["input_tokens_cache_read"]}, "the sample's usage is the sum of the calls")
	tools := reactEvents(s, "tool", "react")
	require.Len(t, tools, 3)
	assert.Equal(t, "submit", tools[2]["function"], "submit has its tool event")
	assert.Equal(t, "hello\n", tools[0]["result"])
	assert.Equal(t, "parsing", tools[1]["error"].(map[string]any)["type"])
}

func reactMessages(r fakeopenai.Request) []map[string]any {
	var out []map[string]any
	for _, m := range r.Body["messages"].([]any) {
		out = append(out, m.(map[string]any))
	}
	return out
}

func reactLast(ms []map[string]any) map[string]any { return ms[len(ms)-1] }

func TestReactSoftStopMidSwarm(t *testing.T) {
	t.Parallel()
	u := fakeopenai.Usage{Prompt: 3, Completion: 1, Total: 4}
	isFast := func(r fakeopenai.Request) bool { // the preamble (a user message after the input) names the member
		for _, m := range reactMessages(r) {
			if c, ok := m["content"].(string); ok && strings.Contains(c, "You are fast.") {
				return true
			}
		}
		return false
	}
	// fast submits once the server has slow's first request (the script runs one request at a
	// time, in arrival order): until then it runs a tool, so slow is mid-call at the stop however
	// the two members are scheduled
	slowAsked := false
	srv := fakeopenai.NewScripted(t, func(_ int, r fakeopenai.Request) fakeopenai.Reply {
		if isFast(r) && slowAsked {
			return fakeopenai.Tool("s", "submit", map[string]any{"answer": "42"}, u)
		}
		if isFast(r) {
			return fakeopenai.Tool("w", "bash", map[string]any{"command": "true"}, u)
		}
		slowAsked = true
		reply := fakeopenai.Tool("b", "bash", map[string]any{"command": "true"}, u)
		reply.Delay = 100 * time.Millisecond
		return reply
	})
	code, sum, errOut := runJSON(t, repoPath("host", "e2e", "testdata", "react", "softstop.hcl"),
		"--var", "base_url="+srv.BaseURL())
	require.Equal(t, cli.ExitOK, code, errOut)
	s := reactSamples(t, sum["log"].(string))[0]
	assert.Equal(t, map[string]string{"fast": "submitted", "slow": "stopped"}, reactStatuses(s))
	assert.Equal(t, "42", s["output"].(map[string]any)["completion"])

	slowRequests := 0
	for _, r := range srv.Requests() {
		if !isFast(r) {
			slowRequests++
		}
	}
	slow := reactEvents(s, "model", "slow")
	require.NotEmpty(t, slow)
	assert.Len(t, slow, slowRequests, "every request slow sent, in flight at the stop or not, is recorded")
	for _, ev := range slow {
		assert.NotNil(t, ev["output"].(map[string]any)["usage"], "an in-flight call finishes and is metered")
	}
}

// TestReactCacheRerun is not parallel: it points the cache at a temporary
// directory through the environment.
func TestReactCacheRerun(t *testing.T) {
	t.Setenv("SWARMHOST_CACHE_DIR", t.TempDir())
	u := fakeopenai.Usage{Prompt: 5, Completion: 2, Total: 7}
	srv := fakeopenai.NewScripted(t, func(_ int, r fakeopenai.Request) fakeopenai.Reply {
		if reactLast(reactMessages(r))["role"] == "tool" {
			return fakeopenai.Tool("s", "submit", map[string]any{"answer": "hi"}, u)
		}
		return fakeopenai.Tool("b", "bash", map[string]any{"command": "echo hi"}, u)
	})
	suite := repoPath("host", "e2e", "testdata", "react", "cache.hcl")
	run := func(wantCache string) []map[string]any {
		code, sum, errOut := runJSON(t, suite, "--var", "base_url="+srv.BaseURL())
		require.Equal(t, cli.ExitOK, code, errOut)
		samples := reactSamples(t, sum["log"].(string))
		require.Len(t, samples, 2, "two epochs")
		for _, s := range samples {
			evs := reactEvents(s, "model", "react")
			require.Len(t, evs, 2)
			for _, ev := range evs {
				assert.Equal(t, wantCache, ev["cache"])
			}
			assert.Equal(t, "hi", s["output"].(map[string]any)["completion"])
		}
		return samples
	}
	run("write")
	require.Equal(t, 4, srv.Count(), "each epoch has its own entries")
	again := run("read")
	assert.Equal(t, 4, srv.Count(), "the re-run made no request")
	for _, s := range again {
		for _, ev := range reactEvents(s, "model", "react") {
			assert.Nil(t, ev["output"].(map[string]any)["usage"], "a cache hit is charged nothing")
		}
	}
}
