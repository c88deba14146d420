package hostside

import (
	"context"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/swarmhost/swarmhost/sdk/agent"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// RecordTool logs a tool call the agent ran itself (agent.ToolRecorder).
func (s *agentHostServer) RecordTool(ctx context.Context, req *pb.RecordToolRequest) (*pb.RecordToolResponse, error) {
	h, err := s.host(req.Token)
	if err != nil {
		return nil, err
	}
	if req.Call == nil {
		return nil, status.Error(codes.InvalidArgument, "record tool: no call")
	}
	res := agent.ToolResult{Content: req.Content}
	if req.Error != nil {
		res.Error = &model.ToolError{Type: req.Error.Type, Message: req.Error.Message}
	}
	if err := agent.RecordTool(ctx, h, wire.ToolCallFromProto(req.Call), res); err != nil {
		return nil, status.Error(codes.Unimplemented, err.Error())
	}
	return &pb.RecordToolResponse{}, nil
}
