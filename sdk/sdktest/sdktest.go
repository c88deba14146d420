// Package sdktest runs a plugin through the real gRPC layer inside a test,
// without building a binary: the plugin is served in-process by go-plugin's
// test server, and the returned value is the same client the host uses. Host
// services (the agent's Host, the scorer's read-only Host) travel over the
// real broker too, so a test exercises every conversion on the wire.
//
// Configs reach the plugin as they would from the host: completed with the
// plugin's schema defaults (by [schema.Schema.Complete], the host's own
// function) and checked by the plugin's ValidateConfig; a call with a
// config the host would reject fails. [Config] and [Validate] do the two
// steps alone, for any kind. Each of these first checks the plugin's config
// schema as the host does when it loads the plugin ([schema.Schema.Check]),
// failing the test on a schema the host refuses. [NewSimulator] plays a
// whole swarm run against a controller. Running a suite's HCL through the
// real swarmhost binary is package plugintest's job.
//
//	func TestMyScorer(t *testing.T) {
//		s := sdktest.Scorer(t, &MyScorer{})
//		var resp scorer.ScoreResponse
//		err := s.Score(ctx, scorer.ScoreRequest{...}, &resp)
//	}
//
// [schema.Schema.Complete]: github.com/swarmhost/swarmhost/sdk/schema
package sdktest

import (
	"context"
	"testing"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/base"
	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/internal/hostside"
	"github.com/swarmhost/swarmhost/sdk/internal/loopback"
	"github.com/swarmhost/swarmhost/sdk/internal/pluginside"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// Agent serves impl in-process and returns it as the host would see it,
// completing and checking each RunRequest's Config.
func Agent(t testing.TB, impl agent.Agent) agent.Agent {
	t.Helper()
	checkSchema(t, impl)
	d := loopback.InProcess(t, pluginside.Plugins{Agents: []agent.Agent{impl}})
	return &configuredAgent{Agent: d.Agent(name(impl)), configs: newCheckedConfigs(impl, d, protocol.KindAgent)}
}

// Controller serves impl in-process and returns it as the host would see
// it: a [ControllerClient], one call per event keyed by session id (the
// SDK's server hands each session's calls to the [controller.Session] its
// Start returned). [NewSimulator] drives a whole session from scripted
// member events instead.
func Controller(t testing.TB, impl controller.Controller) *ControllerClient {
	t.Helper()
	checkSchema(t, impl)
	d := loopback.InProcess(t, pluginside.Plugins{Controllers: []controller.Controller{impl}})
	return &ControllerClient{remote: d.Controller(name(impl)), configs: newCheckedConfigs(impl, d, protocol.KindController)}
}

// Scorer serves impl in-process and returns it as the host would see it,
// completing and checking each ScoreRequest's Config and, as the host
// does, leaving out the Record and Store that impl declares
// ([scorer.WithReads], read back from its metadata) it does not read.
func Scorer(t testing.TB, impl scorer.Scorer) scorer.Scorer {
	t.Helper()
	checkSchema(t, impl)
	d := loopback.InProcess(t, pluginside.Plugins{Scorers: []scorer.Scorer{impl}})
	remote := d.Scorer(name(impl))
	var md scorer.MetadataResponse
	remote.Metadata(context.Background(), scorer.MetadataRequest{}, &md)
	return &configuredScorer{Scorer: remote, configs: newCheckedConfigs(impl, d, protocol.KindScorer),
		omits: scorer.ReadsAll &^ hostside.ScorerReads(md)}
}

type metadataer interface {
	Metadata(ctx context.Context, req base.MetadataRequest, resp *base.MetadataResponse)
}

func name(impl metadataer) string { return metadata(impl).Name }

// checkSchema fails the test when impl's config schema is one the host
// refuses to load ([schema.Schema.Check]: an unknown type, a default not of
// its type, a repeated name).
func checkSchema(t testing.TB, impl metadataer) {
	t.Helper()
	md := metadata(impl)
	if err := md.Schema.Check(); err != nil {
		t.Fatalf("sdktest: the host would refuse the config schema of %q: %v", md.Name, err)
	}
}
