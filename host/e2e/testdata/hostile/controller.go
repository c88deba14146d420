package main

import (
	"context"
	"errors"

	"github.com/swarmhost/swarmhost/sdk/controller"
)

type hostileController struct{ name string }

func (c *hostileController) Metadata(_ context.Context, _ controller.MetadataRequest, resp *controller.MetadataResponse) {
	resp.Name, resp.Version = c.name, "0.0.1"
}

func (c *hostileController) Start(_ context.Context, _ controller.StartRequest, resp *controller.StartResponse) (controller.Session, error) {
	switch c.name {
	case "ghoststart": // starts a member the roster lacks
		resp.Actions = []controller.Action{controller.Start("ghost", "")}
		return c, nil
	case "ghostchoose": // starts the real member, then chooses one the roster lacks
		resp.Actions = []controller.Action{controller.Start("m", ""), controller.ChooseAnswer("ghost", "made up")}
		return c, nil
	}
	block()
	return c, nil
}

// Event and Choose make the controller its own session.
func (c *hostileController) Event(context.Context, controller.EventRequest, *controller.EventResponse) error {
	block()
	return nil
}

func (c *hostileController) Choose(context.Context, controller.ChooseRequest, *controller.ChooseResponse) error {
	return errors.New("hostile controller never chooses")
}
