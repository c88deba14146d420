// Command swarmhost-scorer-exact-text is the exact-text example scorer as
// SDK v0.1.0 spelled it (Score.Answer a string, sdk/rpc under sdk.Serve),
// kept as source so that CI builds it against that release and runs it
// under today's host (TestEarlierSDKReleasesRunUnderThisHost).
package main

import (
	"context"
	"strings"

	"github.com/swarmhost/swarmhost/sdk"
	"github.com/swarmhost/swarmhost/sdk/schema"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// Exact scores an answer correct when it equals a target.
type Exact struct{}

// Config is Exact's config block.
type Config struct {
	IgnoreCase bool `json:"ignore_case"`
}

// Metadata names the plugin and declares its config.
func (Exact) Metadata(_ context.Context, _ scorer.MetadataRequest, resp *scorer.MetadataResponse) {
	resp.Name, resp.Version = "exact-text", "0.1.0"
	resp.Schema = schema.Schema{Attributes: []schema.Attribute{
		{Name: "ignore_case", Type: "bool", Default: false, Description: "compare case-insensitively"},
	}}
}

// Score compares the trimmed completion with each target.
func (Exact) Score(_ context.Context, req scorer.ScoreRequest, resp *scorer.ScoreResponse) error {
	var cfg Config
	if err := req.Config.Decode(&cfg); err != nil {
		return err
	}
	answer := strings.TrimSpace(req.Output.Completion)
	resp.Score = scorer.Score{Value: scorer.Incorrect, Answer: answer}
	for _, t := range req.Sample.Target {
		if answer == t || cfg.IgnoreCase && strings.EqualFold(answer, t) {
			resp.Score.Value = scorer.Correct
		}
	}
	return nil
}

func main() { sdk.Serve(sdk.Plugins{Scorers: []scorer.Scorer{Exact{}}}) }
