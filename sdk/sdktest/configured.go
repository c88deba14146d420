package sdktest

import (
	"context"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/rpc"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// configuredAgent completes each run's config before the call.
type configuredAgent struct {
	agent.Agent
	configs *checkedConfigs
}

func (a *configuredAgent) Run(ctx context.Context, req agent.RunRequest, resp *agent.RunResponse) (err error) {
	if req.Config, err = a.configs.complete(ctx, req.Config); err != nil {
		return err
	}
	return a.Agent.Run(ctx, req, resp)
}

// configuredScorer completes each score's config before the call and
// leaves out what the scorer does not read, as the host does.
type configuredScorer struct {
	scorer.Scorer
	configs *checkedConfigs
	// omits is what the scorer's metadata says it does not read.
	omits scorer.Reads
}

func (s *configuredScorer) Score(ctx context.Context, req scorer.ScoreRequest, resp *scorer.ScoreResponse) (err error) {
	if req.Config, err = s.configs.complete(ctx, req.Config); err != nil {
		return err
	}
	req.Omitted |= s.omits
	if req.Omitted.Has(scorer.ReadsRecord) {
		req.Record = scorer.Record{}
	}
	if req.Omitted.Has(scorer.ReadsStore) {
		req.Store = nil
	}
	return s.Scorer.Score(ctx, req, resp)
}

// configuredController completes the config of every call; Start refuses
// one the host would reject. It keeps the client's End.
type configuredController struct {
	remote  rpc.Controller
	configs *checkedConfigs
}

func (c *configuredController) Metadata(ctx context.Context, req controller.MetadataRequest, resp *controller.MetadataResponse) {
	c.remote.Metadata(ctx, req, resp)
}

func (c *configuredController) Start(ctx context.Context, req controller.StartRequest, resp *controller.StartResponse) (err error) {
	if req.Config, err = c.configs.complete(ctx, req.Config); err != nil {
		return err
	}
	return c.remote.Start(ctx, req, resp)
}

func (c *configuredController) Event(ctx context.Context, req controller.EventRequest, resp *controller.EventResponse) (err error) {
	if req.Config, err = c.configs.complete(ctx, req.Config); err != nil {
		return err
	}
	return c.remote.Event(ctx, req, resp)
}

func (c *configuredController) Choose(ctx context.Context, req controller.ChooseRequest, resp *controller.ChooseResponse) (err error) {
	if req.Config, err = c.configs.complete(ctx, req.Config); err != nil {
		return err
	}
	return c.remote.(controller.WithChoose).Choose(ctx, req, resp)
}

// Refused tells the session that the runtime refused one of its actions;
// a session without [controller.WithRefused] answers with the refusal.
func (c *configuredController) Refused(ctx context.Context, req controller.RefusedRequest, resp *controller.EventResponse) (err error) {
	if req.Config, err = c.configs.complete(ctx, req.Config); err != nil {
		return err
	}
	return c.remote.(controller.WithRefused).Refused(ctx, req, resp)
}

// End closes the session in the plugin.
func (c *configuredController) End(ctx context.Context, session string) error {
	return c.remote.(rpc.WithEnd).End(ctx, session)
}

// Interface guards.
var (
	_ agent.Agent            = (*configuredAgent)(nil)
	_ scorer.Scorer          = (*configuredScorer)(nil)
	_ rpc.Controller         = (*configuredController)(nil)
	_ controller.WithChoose  = (*configuredController)(nil)
	_ controller.WithRefused = (*configuredController)(nil)
	_ rpc.WithEnd            = (*configuredController)(nil)
)
