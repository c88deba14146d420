package cli

import (
	"context"
	"sync"
	"time"

	"github.com/swarmhost/swarmhost/host/plugins"
	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// The live* plugins resolve their client through the manager on every call
// rather than once per eval, so that when a plugin process crashes (a
// member's agent dies mid-sample, say) the manager relaunches the binary
// for the next caller: the crashed member ends errored, and the swarm, the
// host and later samples go on.

// liveAgent is an agent plugin resolved per call.
type liveAgent struct {
	mgr  *plugins.Manager
	b    plugins.Binary
	name string
}

func (a *liveAgent) get(ctx context.Context) (agent.Agent, error) {
	cl, err := a.mgr.Agent(ctx, a.b)
	if err != nil {
		return nil, err
	}
	return cl.Agent(a.name), nil
}

// Metadata asks the (current) process for the agent's metadata.
func (a *liveAgent) Metadata(ctx context.Context, req agent.MetadataRequest, resp *agent.MetadataResponse) {
	if ag, err := a.get(ctx); err == nil {
		ag.Metadata(ctx, req, resp)
	}
}

// Run runs one member in the (current) process. When the run fails
// because the process died, it returns once the crash is known, so that
// the next member (of this or a later sample) gets a relaunched process.
func (a *liveAgent) Run(ctx context.Context, req agent.RunRequest, resp *agent.RunResponse) error {
	p, err := a.mgr.Start(ctx, a.b)
	if err != nil {
		return err
	}
	ag, err := a.get(ctx)
	if err != nil {
		return err
	}
	if err = ag.Run(ctx, req, resp); err != nil {
		p.Settle(settleTimeout)
	}
	return err
}

// settleTimeout bounds the wait for a dying plugin process to be reaped.
const settleTimeout = 5 * time.Second

// liveController is a controller plugin resolved per call. A relaunch
// mid-sample loses the controller's session state; the sample then ends
// with a controller error, and the next sample starts afresh.
type liveController struct {
	mgr  *plugins.Manager
	b    plugins.Binary
	name string
	// hints are the roster hints given since the session's last call, by
	// session; they go to the process that makes the next call.
	mu    sync.Mutex
	hints map[string][]int
}

func (c *liveController) get(ctx context.Context) (controller.Controller, error) {
	cl, err := c.mgr.Controller(ctx, c.b)
	if err != nil {
		return nil, err
	}
	return cl.Controller(c.name), nil
}

// Metadata asks the (current) process for the controller's metadata.
func (c *liveController) Metadata(ctx context.Context, req controller.MetadataRequest, resp *controller.MetadataResponse) {
	if ct, err := c.get(ctx); err == nil {
		ct.Metadata(ctx, req, resp)
	}
}

// Start opens a session.
func (c *liveController) Start(ctx context.Context, req controller.StartRequest, resp *controller.StartResponse) error {
	ct, err := c.get(ctx)
	if err != nil {
		return err
	}
	return ct.Start(ctx, req, resp)
}

// Event delivers one swarm event.
func (c *liveController) Event(ctx context.Context, req controller.EventRequest, resp *controller.EventResponse) error {
	ct, err := c.get(ctx)
	if err != nil {
		return err
	}
	c.passHints(ct, req.Session)
	return ct.Event(ctx, req, resp)
}

// Choose asks for the answer.
func (c *liveController) Choose(ctx context.Context, req controller.ChooseRequest, resp *controller.ChooseResponse) error {
	ct, err := c.get(ctx)
	if err != nil {
		return err
	}
	c.passHints(ct, req.Session)
	return ct.Choose(ctx, req, resp)
}

// End closes a session, when the controller keeps sessions.
func (c *liveController) End(ctx context.Context, session string) error {
	c.mu.Lock()
	delete(c.hints, session)
	c.mu.Unlock()
	ct, err := c.get(ctx)
	if err != nil {
		return err
	}
	if e, ok := ct.(controller.WithEnd); ok {
		return e.End(ctx, session)
	}
	return nil
}

// RosterChanged keeps the runtime's roster hint for the session's next
// call, which passes it to the client of the process that makes that call
// (resolving the process here could relaunch one outside any call's
// deadline). A relaunched process's client has no roster for the session
// and sends the whole one anyway.
func (c *liveController) RosterChanged(session string, changed []int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.hints == nil {
		c.hints = map[string][]int{}
	}
	c.hints[session] = append(c.hints[session], changed...)
}

// passHints hands ct the session's hints; without any (none was given)
// the client compares whole rosters.
func (c *liveController) passHints(ct controller.Controller, session string) {
	c.mu.Lock()
	hint, ok := c.hints[session]
	delete(c.hints, session)
	c.mu.Unlock()
	if h, can := ct.(controller.WithRosterHint); can && ok {
		h.RosterChanged(session, hint)
	}
}

// liveScorer is a scorer plugin resolved per call.
type liveScorer struct {
	mgr  *plugins.Manager
	b    plugins.Binary
	name string
}

func (s *liveScorer) get(ctx context.Context) (scorer.Scorer, error) {
	cl, err := s.mgr.Scorer(ctx, s.b)
	if err != nil {
		return nil, err
	}
	return cl.Scorer(s.name), nil
}

// Metadata asks the (current) process for the scorer's metadata.
func (s *liveScorer) Metadata(ctx context.Context, req scorer.MetadataRequest, resp *scorer.MetadataResponse) {
	if sc, err := s.get(ctx); err == nil {
		sc.Metadata(ctx, req, resp)
	}
}

// Score scores one sample.
func (s *liveScorer) Score(ctx context.Context, req scorer.ScoreRequest, resp *scorer.ScoreResponse) error {
	sc, err := s.get(ctx)
	if err != nil {
		return err
	}
	return sc.Score(ctx, req, resp)
}

var (
	_ agent.Agent               = (*liveAgent)(nil)
	_ controller.Controller     = (*liveController)(nil)
	_ controller.WithEnd        = (*liveController)(nil)
	_ controller.WithRosterHint = (*liveController)(nil)
	_ scorer.Scorer             = (*liveScorer)(nil)
)
