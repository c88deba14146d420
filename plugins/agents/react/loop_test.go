package main

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/diag"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/sdktest"
)

func TestLoopEnds(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		steps   []step
		cfg     map[string]any
		wantErr string
		// wantStop: the loop gave up, returning normally with an output
		// that stopped so (the host records "unsubmitted")
		wantStop string
		calls    []string
	}{
		"refusal returns at once": {steps: []step{text("hmm")},
			wantErr: "call refused by host: stopped", calls: []string{"list_tools", "generate", "generate"}},
		"model errors are told to the model": {steps: []step{{err: errBoom}, {err: errBoom}, submit("c", "4")},
			calls: []string{"list_tools", "generate", "generate", "generate", "submit"}},
		"too many model errors": {steps: []step{{err: errBoom}, {err: errBoom}}, cfg: map[string]any{"model_errors": 1},
			wantErr: "react: 2 model calls in a row failed: generate: http 500: boom"},
		"no tolerance": {steps: []step{{err: errBoom}}, cfg: map[string]any{"model_errors": 0},
			wantErr: "react: 1 model calls in a row failed"},
		"context window full": {steps: []step{stop("model_length")}, wantStop: "model_length"},
		"content filtered three times": {steps: []step{stop("content_filter"), stop("content_filter"), stop("content_filter")},
			wantStop: "content_filter"},
		"content filter recovers": {steps: []step{stop("content_filter"), stop("content_filter"), text("ok"),
			stop("content_filter"), stop("content_filter"), submit("c", "4")}},
		"max tokens goes on": {steps: []step{stop("max_tokens"), submit("c", "4")}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := &script{steps: tc.steps}
			host := &sdktest.AgentHost{GenerateFunc: s.generate}
			out, err := runReact(t, host, tc.cfg)
			switch {
			case tc.wantErr != "":
				require.ErrorContains(t, err, tc.wantErr)
			case tc.wantStop != "":
				require.NoError(t, err, "giving up is a normal return")
				assert.Equal(t, tc.wantStop, out.StopReason)
			default:
				require.NoError(t, err)
				assert.Equal(t, "4", out.Completion)
			}
			if tc.calls != nil {
				assert.Equal(t, tc.calls, withoutLogs(host.Calls()))
			}
		})
	}
}

func TestModelErrorReachesTheModel(t *testing.T) {
	t.Parallel()
	s := &script{steps: []step{{err: errBoom}, submit("c", "4")}}
	_, err := runReact(t, &sdktest.AgentHost{GenerateFunc: s.generate}, nil)
	require.NoError(t, err)
	msgs := s.requests()[1].Messages
	assert.Equal(t, "user", msgs[len(msgs)-1].Role)
	assert.Contains(t, msgs[len(msgs)-1].Content, "The last model call failed: generate: http 500: boom")
}

func TestToolErrorsGoBackToTheModel(t *testing.T) {
	t.Parallel()
	bad := call("c1", "bash", map[string]any{})
	bad.out.Message.ToolCalls[0].ParseError = "arguments are not a JSON object: {x"
	badSubmit := call("c2", "submit", map[string]any{"answer": 4.0})
	s := &script{steps: []step{bad, badSubmit, submit("c3", "4")}}
	var seen []model.ToolCall
	host := &sdktest.AgentHost{GenerateFunc: s.generate, Tools: []model.ToolInfo{bashInfo},
		CallToolFunc: func(_ context.Context, c model.ToolCall) (agent.ToolResult, error) {
			seen = append(seen, c)
			return agent.ToolResult{Error: &model.ToolError{Type: "parsing", Message: c.ParseError}}, nil
		}}
	out, err := runReact(t, host, nil)
	require.NoError(t, err)
	assert.Equal(t, "4", out.Completion)
	require.Len(t, seen, 1, "a call with bad arguments still reaches the host, which records it")
	assert.Equal(t, "arguments are not a JSON object: {x", seen[0].ParseError)
	reqs := s.requests()
	first := reqs[1].Messages[len(reqs[1].Messages)-1]
	assert.Equal(t, &model.ToolError{Type: "parsing", Message: "arguments are not a JSON object: {x"}, first.Error)
	second := reqs[2].Messages[len(reqs[2].Messages)-1]
	assert.Equal(t, &model.ToolError{Type: "parsing", Message: "submit needs an answer (a string)"}, second.Error)
}

func TestValidateConfig(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		cfg  map[string]any
		want []string
	}{
		"defaults":    {},
		"no attempts": {cfg: map[string]any{"attempts": 0}, want: []string{"attempts must be at least 1; got 0"}},
		"bad errors and name": {cfg: map[string]any{"model_errors": -1, "submit_name": " "},
			want: []string{"model_errors must be 0 or more; got -1", "submit_name must not be empty"}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var resp agent.ValidateConfigResponse
			(&React{}).ValidateConfig(context.Background(), agent.ValidateConfigRequest{Config: config(t, tc.cfg)}, &resp)
			var got []string
			for _, d := range resp.Diagnostics {
				assert.Equal(t, diag.Error, d.Severity)
				got = append(got, d.Detail)
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

func withoutLogs(calls []string) []string {
	var out []string
	for _, c := range calls {
		if c != "log" {
			out = append(out, c)
		}
	}
	return out
}
