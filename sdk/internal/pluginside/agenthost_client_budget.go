package pluginside

import (
	"context"

	"github.com/swarmhost/swarmhost/sdk/agent"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
)

// Budget reads the swarm's budget from the host (agent.BudgetReader).
func (c *agentHostClient) Budget(ctx context.Context) (agent.Budget, error) {
	resp, err := c.client.Budget(ctx, &pb.BudgetRequest{Token: c.token})
	if err != nil {
		return agent.Budget{}, protocol.CallError("budget", err)
	}
	return wire.BudgetFromProto(resp), nil
}

// Interface guard.
var _ agent.BudgetReader = (*agentHostClient)(nil)
