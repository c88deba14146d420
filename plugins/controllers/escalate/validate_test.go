package main

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/diag"
	"github.com/swarmhost/swarmhost/sdk/sdktest"
)

// ValidateConfig goes through the real gRPC layer, on the config completed
// with its defaults as the host completes it.
func TestValidateConfig(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		config   string
		wantPath []diag.Path
	}{
		"defaults":                      {config: `{"first": "cheap", "final": "first", "require_gate": false}`},
		"last":                          {config: `{"first": "solver-2", "final": "last", "require_gate": true}`},
		"missing first":                 {config: `{"final": "first"}`, wantPath: []diag.Path{{"first"}}},
		"first not a name":              {config: `{"first": "cheap/model"}`, wantPath: []diag.Path{{"first"}}},
		"first as Inspect Swarm allows": {config: `{"first": "Cheap Model"}`},
		"final controller":              {config: `{"first": "cheap", "final": "controller"}`, wantPath: []diag.Path{{"final"}}},
		"both wrong":                    {config: `{"first": "", "final": "middle"}`, wantPath: []diag.Path{{"first"}, {"final"}}},
		"first not a string":            {config: `{"first": 1}`, wantPath: []diag.Path{nil}},
		"require_gate string":           {config: `{"first": "cheap", "require_gate": "yes"}`, wantPath: []diag.Path{nil}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			diags := sdktest.Validate(t, &Escalate{}, tc.config)
			require.Len(t, diags, len(tc.wantPath), "diagnostics: %+v", diags)
			for i, p := range tc.wantPath {
				assert.Equal(t, diag.Error, diags[i].Severity)
				assert.Equal(t, p, diags[i].Path)
				assert.NotEmpty(t, diags[i].Summary)
			}
		})
	}
}

func TestValidateConfigNamesTheBadValue(t *testing.T) {
	t.Parallel()
	var resp controller.ValidateConfigResponse
	(&Escalate{}).ValidateConfig(context.Background(),
		controller.ValidateConfigRequest{Config: config(`{"first": "cheap", "final": "middle"}`)}, &resp)
	require.Len(t, resp.Diagnostics, 1)
	assert.Equal(t, diag.Diagnostic{
		Severity: diag.Error,
		Summary:  "Invalid final rule",
		Detail:   `final must be "first" or "last", not "middle".`,
		Path:     diag.Path{"final"},
	}, resp.Diagnostics[0])
}
