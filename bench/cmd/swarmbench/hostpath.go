package main

import (
	"context"
	"fmt"
	"time"

	hostmodel "github.com/swarmhost/swarmhost/host/model"
	"github.com/swarmhost/swarmhost/host/plugins"
	"github.com/swarmhost/swarmhost/host/swarm"
	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/schema"
)

// hostCalls runs one swarm of members callloop members making calls model
// calls each on mockllm, through the swarm runtime, and returns the wall
// time per call. Every member must submit.
func hostCalls(ctx context.Context, ag agent.Agent, ctrl plugins.Controller, members, calls int) (time.Duration, error) {
	return agentCalls(ctx, ag, "callloop", schema.NewConfig(fmt.Appendf(nil, `{"calls": %d}`, calls)), ctrl, members, calls)
}

// agentCalls is hostCalls for any agent whose members, given cfg, make
// calls model calls each.
func agentCalls(ctx context.Context, ag agent.Agent, name string, cfg schema.Config, ctrl plugins.Controller,
	members, calls int) (time.Duration, error) {
	provider, err := hostmodel.New(hostmodel.Spec{Provider: "mockllm"})
	if err != nil {
		return 0, err
	}
	ms := make([]swarm.Member, members)
	for i := range ms {
		ms[i] = swarm.Member{Name: fmt.Sprintf("m-%d", i+1), AgentName: name, Index: i + 1,
			Agent: ag, Config: cfg, Model: provider}
	}
	spec := swarm.Spec{Members: ms, Controller: ctrl,
		ControllerConfig: schema.NewConfig([]byte(`{"stop_on_submission": false, "final": "first"}`))}
	sample := swarm.Sample{ID: "1", Epoch: 1, Input: []model.Message{{Role: model.RoleUser, Content: "What is 6 times 7?"}}}
	start := time.Now()
	res := swarm.Run(ctx, spec, sample, swarm.Hooks{})
	d := time.Since(start)
	for _, m := range res.Record.Members {
		if m.Status == nil || *m.Status != swarm.StatusSubmitted {
			return 0, fmt.Errorf("host path: member %s ended %v, not submitted (stop %s, error %v)", m.Name, m.Status, res.StopReason, res.Error)
		}
	}
	if got := res.Ledger.Calls.Calls; got != members*calls {
		return 0, fmt.Errorf("host path: %d model calls recorded, want %d", got, members*calls)
	}
	return d / time.Duration(members*calls), nil
}
