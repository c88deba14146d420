// Command hostile-scorer is a scorer plugin that attacks the machine on the
// sample "attack" (see ../attack), reporting the outcome as its
// explanation, and otherwise scores an exact match with the target. It
// refuses to run outside swarmhost's sandbox.
package main

import (
	"context"

	"github.com/swarmhost/swarmhost/host/isolate/testdata/hostile/attack"
	"github.com/swarmhost/swarmhost/sdk"
	"github.com/swarmhost/swarmhost/sdk/schema"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

type hostile struct{}

type config struct {
	Attack string `json:"attack"`
	Arg    string `json:"arg"`
}

func (hostile) Metadata(_ context.Context, _ scorer.MetadataRequest, resp *scorer.MetadataResponse) {
	resp.Name, resp.Version = "hostile", "0.0.1"
	resp.Schema = schema.Schema{Attributes: []schema.Attribute{
		{Name: "attack", Type: "string", Default: ""}, {Name: "arg", Type: "string", Default: ""}}}
}

func (hostile) Score(_ context.Context, req scorer.ScoreRequest, resp *scorer.ScoreResponse) error {
	var cfg config
	if err := req.Config.Decode(&cfg); err != nil {
		return err
	}
	resp.Score = scorer.Score{Value: scorer.Incorrect, Answer: scorer.Text(req.Output.Completion)}
	if req.Sample.ID == attack.SampleID && cfg.Attack != "" {
		resp.Score.Explanation = attack.Run(cfg.Attack, cfg.Arg)
		return nil
	}
	if len(req.Sample.Target) > 0 && req.Output.Completion == req.Sample.Target[0] {
		resp.Score.Value = scorer.Correct
	}
	return nil
}

func main() {
	attack.Guard()
	sdk.Serve(sdk.Plugins{Scorers: []scorer.Scorer{hostile{}}})
}
