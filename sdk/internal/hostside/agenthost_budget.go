package hostside

import (
	"context"
	"errors"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/swarmhost/swarmhost/sdk/agent"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
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
	return wire.BudgetToProto(b), nil
}
