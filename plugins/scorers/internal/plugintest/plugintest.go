// Package plugintest runs table tests of the built-in scorer plugins through
// sdktest, the real gRPC layer: each case's config is completed with the
// plugin's schema defaults, as the host completes a suite's scorer block.
package plugintest

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/swarmhost/swarmhost/sdk/diag"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/schema"
	"github.com/swarmhost/swarmhost/sdk/scorer"
	"github.com/swarmhost/swarmhost/sdk/sdktest"
)

// Case is one scoring case: a config (attributes the suite sets), the
// completion, the targets and the score expected back.
type Case struct {
	Config     map[string]any
	Completion string
	Targets    []string
	Want       scorer.Score
}

// Run scores every case through one in-process plugin, in parallel
// subtests named by the map keys.
func Run(t *testing.T, impl scorer.Scorer, cases map[string]Case) {
	t.Helper()
	s := sdktest.Scorer(t, impl)
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			req := scorer.ScoreRequest{
				Config: Config(t, impl, tc.Config),
				Sample: scorer.Sample{ID: "1", Epoch: 1, Target: tc.Targets},
				Output: model.TextOutput("mockllm/model", tc.Completion),
			}
			var resp scorer.ScoreResponse
			if err := s.Score(context.Background(), req, &resp); err != nil {
				t.Fatalf("Score: %v", err)
			}
			if len(resp.Diagnostics) > 0 {
				t.Fatalf("unexpected diagnostics: %+v", resp.Diagnostics)
			}
			if diff := cmp.Diff(tc.Want, resp.Score, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("score mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// Config completes set with the schema defaults of impl, as the host does.
func Config(t testing.TB, impl scorer.Scorer, set map[string]any) schema.Config {
	t.Helper()
	var md scorer.MetadataResponse
	impl.Metadata(context.Background(), scorer.MetadataRequest{}, &md)
	values := map[string]any{}
	for _, a := range md.Schema.Attributes {
		values[a.Name] = a.Default
	}
	for k, v := range set {
		values[k] = v
	}
	c, err := schema.ConfigFrom(values)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Validate sends a config (completed with defaults) to the plugin's
// ValidateConfig through the real gRPC layer and returns the diagnostics.
func Validate(t testing.TB, impl scorer.Scorer, set map[string]any) diag.Diagnostics {
	t.Helper()
	return sdktest.Validate(t, impl, Config(t, impl, set))
}
