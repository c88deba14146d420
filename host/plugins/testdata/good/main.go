// Command good is a well-behaved scorer plugin for the host/plugins tests.
// It appends its pid to <executable>.starts when it starts, and exits with
// status 7 when asked to score the target "__crash__".
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/swarmhost/swarmhost/sdk"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

type good struct{}

func (good) Metadata(_ context.Context, _ scorer.MetadataRequest, resp *scorer.MetadataResponse) {
	resp.Name, resp.Version, resp.Description = "good", "0.1.0", "exact match, for tests"
}

func (good) Score(_ context.Context, req scorer.ScoreRequest, resp *scorer.ScoreResponse) error {
	if len(req.Sample.Target) > 0 && req.Sample.Target[0] == "__crash__" {
		sdk.Logger().Error("crashing on purpose")
		os.Exit(7)
	}
	resp.Score = scorer.Score{Value: scorer.Incorrect, Answer: scorer.Text(req.Output.Completion)}
	if len(req.Sample.Target) > 0 && req.Output.Completion == req.Sample.Target[0] {
		resp.Score.Value = scorer.Correct
	}
	return nil
}

func main() {
	if exe, err := os.Executable(); err == nil {
		if f, err := os.OpenFile(exe+".starts", os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
			fmt.Fprintln(f, os.Getpid())
			f.Close()
		}
	}
	sdk.Serve(sdk.Plugins{Scorers: []scorer.Scorer{good{}}})
}
