package catalog

import (
	"context"
	"errors"
	"fmt"

	"github.com/swarmhost/swarmhost/host/plugins"
	"github.com/swarmhost/swarmhost/sdk/controller"
)

// Events delivers several of the session's queued events in one call
// (plugins.WithEvents, which every plugin process's client has). The
// process is resolved within one event's deadline.
func (c *liveController) Events(ctx context.Context, req plugins.EventsRequest, answer func([]controller.Action) bool) (int, error) {
	ct, err := c.getWithin(ctx, req)
	if err != nil {
		return 0, err
	}
	b, ok := ct.(plugins.WithEvents)
	if !ok {
		return 0, fmt.Errorf("controller %q: its client takes no batched events", c.name)
	}
	c.passHints(ct, req.Session)
	n, err := b.Events(ctx, req, answer)
	if errors.Is(err, context.DeadlineExceeded) {
		err = fmt.Errorf("controller %q did not answer in time (raise call_timeout on its controller block): %w", c.name, err)
	}
	return n, err
}

// getWithin resolves the process as get does, bounded by req's timeout.
func (c *liveController) getWithin(ctx context.Context, req plugins.EventsRequest) (plugins.Controller, error) {
	if req.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, req.Timeout)
		defer cancel()
	}
	return c.get(ctx)
}

// Interface guard.
var _ plugins.WithEvents = (*liveController)(nil)
