package main

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/diag"
	"github.com/swarmhost/swarmhost/sdk/sdktest"
)

func TestMetadata(t *testing.T) {
	t.Parallel()
	var md agent.MetadataResponse
	sdktest.Agent(t, &Scripted{}).Metadata(context.Background(), agent.MetadataRequest{}, &md)
	assert.Equal(t, "scripted", md.Name)
	require.Len(t, md.Schema.Attributes, 1)
	assert.Equal(t, "steps", md.Schema.Attributes[0].Name)
	assert.Equal(t, []any{}, md.Schema.Attributes[0].Default)
}

// ValidateConfig goes through the real gRPC layer (sdktest.Validate). Paths
// index steps from 0, as HCL traversals do; details count them from 1, as
// people do.
func TestValidateConfig(t *testing.T) {
	t.Parallel()
	type want struct {
		path   diag.Path
		detail string
	}
	tests := map[string]struct {
		config string
		want   []want
	}{
		"empty config": {config: `{}`},
		"no steps":     {config: `{"steps": []}`},
		"every action": {config: `{"steps": [
			{"action": "sleep", "duration": "200ms"},
			{"action": "generate", "prompt": "hello"},
			{"action": "write_file", "path": "out.txt", "content": "x"},
			{"action": "exec", "command": ["sh", "-c", "ls"]},
			{"action": "send", "to": "all", "message": "hi"},
			{"action": "send", "to": ["a", "b"], "message": "hi"},
			{"action": "read", "wait": "1s"},
			{"action": "read"},
			{"action": "submit", "answer": "42 from {member}", "continue_on_fail": true},
			{"action": "fail", "message": "boom"},
			{"action": "crash"},
			{"action": "hang"}]}`},
		"unknown action": {
			config: `{"steps": [{"action": "generate"}, {"action": "dance"}]}`,
			want:   []want{{path: diag.Path{"steps", "1"}, detail: `step 2: unknown action "dance"`}},
		},
		"missing action": {
			config: `{"steps": [{"prompt": "hello"}]}`,
			want:   []want{{path: diag.Path{"steps", "0"}, detail: `unknown action ""`}},
		},
		"bad sleep duration": {
			config: `{"steps": [{"action": "sleep", "duration": "200ms"}, {"action": "sleep", "duration": "soon"}]}`,
			want:   []want{{path: diag.Path{"steps", "1"}, detail: `duration "soon" is not a duration`}},
		},
		"sleep without duration": {
			config: `{"steps": [{"action": "sleep"}]}`,
			want:   []want{{path: diag.Path{"steps", "0"}, detail: `duration "" is not a duration`}},
		},
		"bad read wait": {
			config: `{"steps": [{"action": "read", "wait": "5 minutes"}]}`,
			want:   []want{{path: diag.Path{"steps", "0"}, detail: `wait "5 minutes" is not a duration`}},
		},
		"write_file without path": {
			config: `{"steps": [{"action": "write_file", "content": "x"}]}`,
			want:   []want{{path: diag.Path{"steps", "0"}, detail: "write_file needs a path"}},
		},
		"exec without command": {
			config: `{"steps": [{"action": "exec"}]}`,
			want:   []want{{path: diag.Path{"steps", "0"}, detail: "exec needs a command"}},
		},
		"send without message": {
			config: `{"steps": [{"action": "send", "to": "all"}]}`,
			want:   []want{{path: diag.Path{"steps", "0"}, detail: "send needs to and message"}},
		},
		"every bad step is reported": {
			config: `{"steps": [{"action": "dance"}, {"action": "submit"}, {"action": "sleep", "duration": "x"}]}`,
			want: []want{
				{path: diag.Path{"steps", "0"}, detail: "step 1: unknown action"},
				{path: diag.Path{"steps", "2"}, detail: "step 3: duration"},
			},
		},
		"steps not a list": {
			config: `{"steps": "sleep"}`,
			want:   []want{{path: diag.Path{"steps"}, detail: "steps must be a list of objects"}},
		},
		"duration not a string": {
			config: `{"steps": [{"action": "sleep", "duration": 2}]}`,
			want:   []want{{path: diag.Path{"steps"}, detail: "steps must be a list of objects"}},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			diags := sdktest.Validate(t, &Scripted{}, tc.config)
			require.Len(t, diags, len(tc.want), "diagnostics: %+v", diags)
			for i, w := range tc.want {
				got := diags[i]
				assert.Equal(t, diag.Error, got.Severity)
				assert.Equal(t, w.path, got.Path)
				assert.Contains(t, got.Detail, w.detail)
				assert.NotEmpty(t, got.Summary)
			}
		})
	}
}
