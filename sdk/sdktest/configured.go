package sdktest

import (
	"context"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/internal/hostside"
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

// ControllerClient is a controller plugin as the host calls it, from
// [Controller]: one call per swarm event, keyed by the session id given to
// Start, each through the real gRPC layer. Every request's Config is
// completed with the schema's defaults, and Start refuses one the host
// would reject. Tests call Start once per session, then Event, Choose or
// Refused as the run goes, and End when it is over.
type ControllerClient struct {
	remote  hostside.Controller
	configs *checkedConfigs
}

// Metadata returns the controller's metadata, as the host reads it.
func (c *ControllerClient) Metadata(ctx context.Context, req controller.MetadataRequest, resp *controller.MetadataResponse) {
	c.remote.Metadata(ctx, req, resp)
}

// Start starts session req.Session.
func (c *ControllerClient) Start(ctx context.Context, req controller.StartRequest, resp *controller.StartResponse) (err error) {
	if req.Config, err = c.configs.complete(ctx, req.Config); err != nil {
		return err
	}
	return c.remote.Start(ctx, req, resp)
}

// Event hands one swarm event to the session req.Session.
func (c *ControllerClient) Event(ctx context.Context, req controller.EventRequest, resp *controller.EventResponse) (err error) {
	if req.Config, err = c.configs.complete(ctx, req.Config); err != nil {
		return err
	}
	return c.remote.Event(ctx, req, resp)
}

// Choose asks the session to choose the answer; a session without
// [controller.WithChoose] chooses none.
func (c *ControllerClient) Choose(ctx context.Context, req controller.ChooseRequest, resp *controller.ChooseResponse) (err error) {
	if req.Config, err = c.configs.complete(ctx, req.Config); err != nil {
		return err
	}
	return c.remote.(controller.WithChoose).Choose(ctx, req, resp)
}

// Refused tells the session that the runtime refused one of its actions;
// a session without [controller.WithRefused] answers with the refusal.
func (c *ControllerClient) Refused(ctx context.Context, req controller.RefusedRequest, resp *controller.EventResponse) (err error) {
	if req.Config, err = c.configs.complete(ctx, req.Config); err != nil {
		return err
	}
	return c.remote.(controller.WithRefused).Refused(ctx, req, resp)
}

// End closes the session in the plugin (its optional
// [controller.SessionCloser]).
func (c *ControllerClient) End(ctx context.Context, session string) error {
	return c.remote.(hostside.WithEnd).End(ctx, session)
}

// Interface guards.
var (
	_ agent.Agent            = (*configuredAgent)(nil)
	_ scorer.Scorer          = (*configuredScorer)(nil)
	_ hostside.Controller    = (*ControllerClient)(nil)
	_ controller.WithChoose  = (*ControllerClient)(nil)
	_ controller.WithRefused = (*ControllerClient)(nil)
	_ hostside.WithEnd       = (*ControllerClient)(nil)
)
