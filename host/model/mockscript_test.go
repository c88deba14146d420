package model

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	sdkmodel "github.com/swarmhost/swarmhost/sdk/model"
)

func TestMockScriptedToolCalls(t *testing.T) {
	t.Parallel()
	m, err := NewMock("", []any{
		map[string]any{"tool": "bash", "arguments": map[string]any{"cmd": "ls"}},
		map[string]any{"content": "two", "tool_calls": []any{
			map[string]any{"tool": "read_file", "arguments": map[string]any{"file_path": "a"}},
			map[string]any{"tool": "submit"}}},
		map[string]any{"content": "cut", "stop_reason": "max_tokens"},
		map[string]any{"error": "overloaded"},
		"plain",
	}, nil)
	require.NoError(t, err)
	ctx := context.Background()
	gen := func() (Result, error) { return m.Generate(ctx, Request{Caller: "a"}) }

	res, err := gen()
	require.NoError(t, err)
	assert.Equal(t, []sdkmodel.ToolCall{{ID: "mock_1_1", Function: "bash", Arguments: map[string]any{"cmd": "ls"}}},
		res.Output.Message.ToolCalls)
	assert.Equal(t, "tool_calls", res.Output.StopReason)
	assert.Equal(t, int64(4), res.Output.Usage.OutputTokens, `"bash" + {"cmd":"ls"} = 16 chars`)

	res, err = gen()
	require.NoError(t, err)
	assert.Equal(t, "two", res.Output.Completion)
	assert.Equal(t, []sdkmodel.ToolCall{
		{ID: "mock_2_1", Function: "read_file", Arguments: map[string]any{"file_path": "a"}},
		{ID: "mock_2_2", Function: "submit", Arguments: map[string]any{}}}, res.Output.Message.ToolCalls)

	res, err = gen()
	require.NoError(t, err)
	assert.Equal(t, "max_tokens", res.Output.StopReason)

	_, err = gen()
	assert.EqualError(t, err, "overloaded")

	res, err = gen()
	require.NoError(t, err)
	assert.Equal(t, "plain", res.Output.Completion)
	assert.Equal(t, "stop", res.Output.StopReason)
}

func TestMockRejectsBadOutputs(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		output any
		want   string
	}{
		"number":            {output: 1.0, want: "mockllm output 1: want a string or an object, got float64"},
		"unknown key":       {output: map[string]any{"tol": "bash"}, want: `unknown key "tol"`},
		"arguments no tool": {output: map[string]any{"arguments": map[string]any{}}, want: "arguments without a tool"},
		"call without tool": {output: map[string]any{"tool_calls": []any{map[string]any{}}}, want: "tool call 1 has no tool"},
		"bad arguments":     {output: map[string]any{"tool": "x", "arguments": "ls"}, want: "invalid output"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			_, err := NewMock("", []any{tc.output}, nil)
			assert.ErrorContains(t, err, tc.want)
		})
	}
}

func TestMockReportsConfigAndPrice(t *testing.T) {
	t.Parallel()
	p, err := New(Spec{Provider: "mockllm", Outputs: []any{"abcdefgh"}, Config: map[string]any{"temperature": 0.0,
		"stream": true}, Price: &Price{Input: 2, Output: 10}})
	require.NoError(t, err)
	res, err := p.Generate(context.Background(), Request{Messages: []sdkmodel.Message{{Role: "user", Content: "abcd"}},
		Config: map[string]any{"seed": 1.0}})
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"temperature": 0.0, "seed": 1.0}, res.Config, "stream is not logged")
	assert.Equal(t, sdkmodel.Usage{InputTokens: 1, OutputTokens: 2, TotalTokens: 3, TotalCost: (1*2 + 2*10) / 1e6},
		res.Output.Usage)
	_, err = p.Generate(context.Background(), Request{Config: map[string]any{"sead": 1.0}})
	assert.ErrorContains(t, err, `unknown generate config key "sead"`)
}

func TestMockScriptedUsage(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		output any
		want   sdkmodel.Usage
	}{
		"fixed usage":  {output: map[string]any{"content": "ok", "usage": map[string]any{"input_tokens": 10, "output_tokens": 2}}, want: sdkmodel.Usage{InputTokens: 10, OutputTokens: 2, TotalTokens: 12}},
		"zero usage":   {output: map[string]any{"content": "ok", "usage": map[string]any{}}, want: sdkmodel.Usage{}},
		"counted text": {output: "abcdefgh", want: sdkmodel.Usage{InputTokens: 0, OutputTokens: 2, TotalTokens: 2}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			m, err := NewMock("", []any{tc.output}, nil)
			require.NoError(t, err)
			res, err := m.Generate(context.Background(), Request{Caller: "a"})
			require.NoError(t, err)
			assert.Equal(t, tc.want, res.Output.Usage)
		})
	}
}
