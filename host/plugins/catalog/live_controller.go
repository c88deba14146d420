package catalog

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/swarmhost/swarmhost/host/plugins"
	"github.com/swarmhost/swarmhost/host/swarm"
	"github.com/swarmhost/swarmhost/sdk/controller"
)

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

func (c *liveController) get(ctx context.Context) (plugins.Controller, error) {
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
	return c.timedOut(ctx, ct.Start(ctx, req, resp))
}

// Event delivers one swarm event.
func (c *liveController) Event(ctx context.Context, req controller.EventRequest, resp *controller.EventResponse) error {
	ct, err := c.get(ctx)
	if err != nil {
		return err
	}
	c.passHints(ct, req.Session)
	return c.timedOut(ctx, ct.Event(ctx, req, resp))
}

// Choose asks for the answer.
func (c *liveController) Choose(ctx context.Context, req controller.ChooseRequest, resp *controller.ChooseResponse) error {
	ct, err := c.get(ctx)
	if err != nil {
		return err
	}
	ch, ok := ct.(controller.WithChoose)
	if !ok {
		return nil // a controller without Choose chooses nothing
	}
	c.passHints(ct, req.Session)
	return c.timedOut(ctx, ch.Choose(ctx, req, resp))
}

// Refused tells the session that the runtime refused one of its
// actions; a controller without Refused answers with the refusal.
func (c *liveController) Refused(ctx context.Context, req controller.RefusedRequest, resp *controller.EventResponse) error {
	ct, err := c.get(ctx)
	if err != nil {
		return err
	}
	rf, ok := ct.(controller.WithRefused)
	if !ok {
		return req.Err
	}
	c.passHints(ct, req.Session)
	return c.timedOut(ctx, rf.Refused(ctx, req, resp))
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
	if e, ok := ct.(plugins.WithEnd); ok {
		return c.timedOut(ctx, e.End(ctx, session))
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
func (c *liveController) passHints(ct plugins.Controller, session string) {
	c.mu.Lock()
	hint, ok := c.hints[session]
	delete(c.hints, session)
	c.mu.Unlock()
	if h, can := ct.(swarm.WithRosterHint); can && ok {
		h.RosterChanged(session, hint)
	}
}

// Interface guards.
var (
	_ plugins.Controller     = (*liveController)(nil)
	_ controller.WithChoose  = (*liveController)(nil)
	_ controller.WithRefused = (*liveController)(nil)
	_ plugins.WithEnd        = (*liveController)(nil)
	_ swarm.WithRosterHint   = (*liveController)(nil)
)

// timedOut names the call deadline when err comes from a call whose
// context expired (the runtime gives each call the controller block's
// call_timeout); gRPC says only "deadline exceeded".
func (c *liveController) timedOut(ctx context.Context, err error) error {
	if err == nil || !expired(ctx) {
		return err
	}
	return fmt.Errorf("controller %q did not answer in time (raise call_timeout on its controller block): %w", c.name, err)
}

// deadlineSlack is how close to its deadline a failed call counts as
// timed out: the plugin's server enforces the deadline gRPC propagates to
// it and may fail the call an instant before ctx itself is done.
const deadlineSlack = 250 * time.Millisecond

// expired reports, after a call with ctx failed, whether ctx's deadline
// passed (waiting out the last deadlineSlack when the call failed just
// before it).
func expired(ctx context.Context) bool {
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) < deadlineSlack {
		<-ctx.Done()
	}
	return errors.Is(ctx.Err(), context.DeadlineExceeded)
}
