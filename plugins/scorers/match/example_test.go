package main

import (
	"context"
	"fmt"

	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/schema"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// A scorer is tested by building the ScoreRequest the host would send (the
// config with every attribute present, the sample's targets and the swarm's
// output) and reading the Score back. The tests in this package send the
// same requests through sdktest.Scorer, so they also cross the real gRPC
// layer; plugintest.Config fills in the schema defaults as the host does.
func Example_score() {
	cfg, _ := schema.ConfigFrom(map[string]any{"location": "end", "ignore_case": true, "numeric": true})
	req := scorer.ScoreRequest{
		Config: cfg,
		Sample: scorer.Sample{ID: "q1", Target: []string{"1000.5"}},
		Output: model.TextOutput("mockllm/model", "The total is $1,000.50."),
	}
	var resp scorer.ScoreResponse
	if err := (&Match{}).Score(context.Background(), req, &resp); err != nil {
		panic(err)
	}
	fmt.Println(resp.Score.Value, *resp.Score.Answer)
	// Output: C 1000.5
}
