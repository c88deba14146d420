// Package sdktest runs a plugin through the real gRPC layer inside a test,
// without building a binary: the plugin is served in-process by go-plugin's
// test server, and the returned value is the same client the host uses. Host
// services (the agent's Host, the scorer's read-only Host) travel over the
// real broker too, so a test exercises every conversion on the wire.
//
//	func TestMyScorer(t *testing.T) {
//		s := sdktest.Scorer(t, &MyScorer{})
//		var resp scorer.ScoreResponse
//		err := s.Score(ctx, scorer.ScoreRequest{...}, &resp)
//	}
package sdktest

import (
	"context"
	"testing"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/base"
	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/rpc"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// Agent serves impl in-process and returns it as the host would see it.
func Agent(t testing.TB, impl agent.Agent) agent.Agent {
	t.Helper()
	d := rpc.InProcess(t, rpc.Plugins{Agents: []agent.Agent{impl}})
	return d.Agent(name(impl))
}

// Controller serves impl in-process and returns it as the host would see it.
// The result also implements [controller.WithChoose] and [controller.WithEnd].
func Controller(t testing.TB, impl controller.Controller) controller.Controller {
	t.Helper()
	d := rpc.InProcess(t, rpc.Plugins{Controllers: []controller.Controller{impl}})
	return d.Controller(name(impl))
}

// Scorer serves impl in-process and returns it as the host would see it.
func Scorer(t testing.TB, impl scorer.Scorer) scorer.Scorer {
	t.Helper()
	d := rpc.InProcess(t, rpc.Plugins{Scorers: []scorer.Scorer{impl}})
	return d.Scorer(name(impl))
}

type metadataer interface {
	Metadata(ctx context.Context, req base.MetadataRequest, resp *base.MetadataResponse)
}

func name(impl metadataer) string {
	var md base.MetadataResponse
	impl.Metadata(context.Background(), base.MetadataRequest{}, &md)
	return md.Name
}
