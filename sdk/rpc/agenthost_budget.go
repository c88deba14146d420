package rpc

import (
	"context"
	"errors"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/swarmhost/swarmhost/sdk/agent"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
)

// Budget serves a member's budget read; a host without the call
// (agent.BudgetReader) answers Unimplemented.
func (s *agentHostServer) Budget(ctx context.Context, req *pb.BudgetRequest) (*pb.BudgetResponse, error) {
	h, err := s.host(req.Token)
	if err != nil {
		return nil, err
	}
	b, err := agent.ReadBudget(ctx, h)
	if errors.Is(err, agent.ErrBudgetUnsupported) {
		return nil, status.Error(codes.Unimplemented, err.Error())
	}
	if err != nil {
		return nil, status.Error(codes.Unknown, err.Error())
	}
	return &pb.BudgetResponse{Split: b.Split, Weights: b.Weights, Cost: usageToProto(b.Cost),
		Tokens: usageToProto(b.Tokens), TokenType: b.TokenType, Time: usageToProto(b.Time)}, nil
}

// Budget reads the swarm's budget from the host (agent.BudgetReader).
func (c *agentHostClient) Budget(ctx context.Context) (agent.Budget, error) {
	resp, err := c.client.Budget(ctx, &pb.BudgetRequest{Token: c.token})
	if err != nil {
		return agent.Budget{}, callError("budget", err)
	}
	return agent.Budget{Split: resp.Split, Weights: resp.Weights, Cost: usageFromProto(resp.Cost),
		Tokens: usageFromProto(resp.Tokens), TokenType: resp.TokenType, Time: usageFromProto(resp.Time)}, nil
}

func usageToProto(u *agent.BudgetUsage) *pb.BudgetUsage {
	if u == nil {
		return nil
	}
	return &pb.BudgetUsage{Cap: u.Cap, Used: u.Used, Share: u.Share, ShareUsed: u.ShareUsed}
}

func usageFromProto(u *pb.BudgetUsage) *agent.BudgetUsage {
	if u == nil {
		return nil
	}
	return &agent.BudgetUsage{Cap: u.Cap, Used: u.Used, Share: u.Share, ShareUsed: u.ShareUsed}
}

// Interface guard.
var _ agent.BudgetReader = (*agentHostClient)(nil)
