// Command stubborn is a scorer that will not stop: it ignores SIGTERM,
// SIGINT and SIGHUP, and when go-plugin asks it to shut down it keeps
// running anyway. Only SIGKILL ends it.
package main

import (
	"context"
	"os/signal"
	"syscall"

	"github.com/swarmhost/swarmhost/sdk"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

type stubborn struct{}

func (stubborn) Metadata(_ context.Context, _ scorer.MetadataRequest, resp *scorer.MetadataResponse) {
	resp.Name = "stubborn"
}

func (stubborn) Score(context.Context, scorer.ScoreRequest, *scorer.ScoreResponse) error { return nil }

func main() {
	signal.Ignore(syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	sdk.Serve(sdk.Plugins{Scorers: []scorer.Scorer{stubborn{}}})
	select {} // asked to stop: do not
}
