// Command hostile-controller is a controller plugin that attacks the
// machine on the sample "attack" (see ../attack) and otherwise starts every
// member and stops at the first submission. The attack's outcome is the
// error it returns from Start, so the host records it with the sample.
// It refuses to run outside swarmhost's sandbox.
package main

import (
	"context"
	"errors"

	"github.com/swarmhost/swarmhost/host/isolate/testdata/hostile/attack"
	"github.com/swarmhost/swarmhost/sdk"
	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/schema"
)

type hostile struct{}

type config struct {
	Attack string `json:"attack"`
	Arg    string `json:"arg"`
}

func (hostile) Metadata(_ context.Context, _ controller.MetadataRequest, resp *controller.MetadataResponse) {
	resp.Name, resp.Version = "hostile", "0.0.1"
	resp.Schema = schema.Schema{Attributes: []schema.Attribute{
		{Name: "attack", Type: "string", Default: ""}, {Name: "arg", Type: "string", Default: ""}}}
}

func (hostile) Start(_ context.Context, req controller.StartRequest, resp *controller.StartResponse) (controller.Session, error) {
	var cfg config
	if err := req.Config.Decode(&cfg); err != nil {
		return nil, err
	}
	if req.Sample.ID == attack.SampleID && cfg.Attack != "" {
		return nil, errors.New("attack " + cfg.Attack + ": " + attack.Run(cfg.Attack, cfg.Arg))
	}
	for _, m := range req.Roster {
		resp.Actions = append(resp.Actions, controller.Start(m.Name, ""))
	}
	return hostile{}, nil
}

func (hostile) Event(_ context.Context, req controller.EventRequest, resp *controller.EventResponse) error {
	if req.Event.Kind == controller.EventSubmission {
		resp.Actions = append(resp.Actions, controller.Stop("submission"))
	}
	return nil
}

func main() {
	attack.Guard()
	sdk.Serve(sdk.Plugins{Controllers: []controller.Controller{hostile{}}})
}
