package hostside

import (
	"context"
	"errors"

	"github.com/swarmhost/swarmhost/sdk/controller"
)

// Controller is a controller plugin as the host calls it: one call per
// swarm event, keyed by session id, the way the wire carries them; Choose
// is the optional [controller.WithChoose], and Refused (a refused action)
// the optional [controller.WithRefused]. The SDK's plugin client
// implements them all (see [HostPlugins], [InProcess]); plugin authors
// implement [controller.Controller] and its sessions instead, and the
// SDK's server maps each session id to the [controller.Session] that
// Start returned.
type Controller interface {
	Metadata(ctx context.Context, req controller.MetadataRequest, resp *controller.MetadataResponse)
	Start(ctx context.Context, req controller.StartRequest, resp *controller.StartResponse) error
	Event(ctx context.Context, req controller.EventRequest, resp *controller.EventResponse) error
}

// WithEnd is the optional End of a [Controller] the host calls: the run of
// session is over. The SDK's client implements it; it closes the session
// in the plugin.
type WithEnd interface {
	End(ctx context.Context, session string) error
}

// ErrSessionLost is the error (wrapped) of an Event or Choose call for a
// session the plugin process does not have open: it was relaunched since
// the session's Start, or the session already ended. The process signals it
// with a status code the SDK gives no other error, never through the
// message text; the session cannot go on, as its state died with it.
var ErrSessionLost = errors.New("rpc: the controller process does not have the session open (it was relaunched, or the session ended)")
