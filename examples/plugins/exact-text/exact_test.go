package main

import (
	"context"
	"testing"

	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/schema"
	"github.com/swarmhost/swarmhost/sdk/scorer"
	"github.com/swarmhost/swarmhost/sdk/sdktest"
)

func TestExact(t *testing.T) {
	s := sdktest.Scorer(t, Exact{})
	tests := map[string]struct {
		config     Config
		completion string
		want       any
	}{
		"equal":                {completion: " Paris\n", want: scorer.Correct},
		"case differs":         {completion: "paris", want: scorer.Incorrect},
		"case differs, folded": {config: Config{IgnoreCase: true}, completion: "paris", want: scorer.Correct},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			cfg, err := schema.ConfigFrom(tc.config)
			if err != nil {
				t.Fatal(err)
			}
			var resp scorer.ScoreResponse
			err = s.Score(context.Background(), scorer.ScoreRequest{
				Config: cfg,
				Sample: scorer.Sample{ID: "capital", Target: []string{"Paris"}},
				Output: model.TextOutput("mockllm/model", tc.completion),
			}, &resp)
			if err != nil {
				t.Fatal(err)
			}
			if resp.Score.Value != tc.want {
				t.Errorf("score %v, want %v", resp.Score.Value, tc.want)
			}
		})
	}
}
