package main

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/diag"
	"github.com/swarmhost/swarmhost/sdk/rpc"
)

// ValidateConfig goes through the real gRPC layer with rpc.InProcess
// (sdktest has no validate call).
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
			d := rpc.InProcess(t, rpc.Plugins{Controllers: []controller.Controller{&Escalate{}}})
			resp, err := d.Validate(context.Background(), rpc.KindController, "escalate", []byte(tc.config))
			require.NoError(t, err)
			require.Len(t, resp.Diagnostics, len(tc.wantPath), "diagnostics: %+v", resp.Diagnostics)
			for i, p := range tc.wantPath {
				assert.Equal(t, diag.Error, resp.Diagnostics[i].Severity)
				assert.Equal(t, p, resp.Diagnostics[i].Path)
				assert.NotEmpty(t, resp.Diagnostics[i].Summary)
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
