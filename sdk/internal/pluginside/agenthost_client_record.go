package pluginside

import (
	"context"

	"github.com/swarmhost/swarmhost/sdk/agent"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// RecordTool tells the host about a tool call the agent ran itself.
func (c *agentHostClient) RecordTool(ctx context.Context, call model.ToolCall, res agent.ToolResult) error {
	req := &pb.RecordToolRequest{Token: c.token, Call: wire.ToolCallToProto(call), Content: res.Content}
	if res.Error != nil {
		req.Error = &pb.ToolError{Type: res.Error.Type, Message: res.Error.Message}
	}
	if _, err := c.client.RecordTool(ctx, req); err != nil {
		return protocol.CallError("record tool", err)
	}
	return nil
}

// Interface guard.
var _ agent.ToolRecorder = (*agentHostClient)(nil)
