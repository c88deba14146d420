package pluginside

import (
	"context"
	"encoding/json"

	"google.golang.org/grpc"

	"github.com/swarmhost/swarmhost/sdk/agent"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// agentHostClient runs in the plugin process and implements agent.Host.
type agentHostClient struct {
	client pb.AgentHostClient
	token  string
}

func (c *agentHostClient) Generate(ctx context.Context, req agent.GenerateRequest) (agent.GenerateResponse, error) {
	resp, err := c.client.Generate(ctx, generateRequest(c.token, req))
	if err != nil {
		return agent.GenerateResponse{}, protocol.CallError("generate", err)
	}
	return generateAnswer(resp)
}

// generateRequest is a Generate call on the wire.
func generateRequest(token string, req agent.GenerateRequest) *pb.GenerateRequest {
	return &pb.GenerateRequest{Token: token, Messages: wire.MessagesToProto(req.Messages),
		Tools: wire.ToolsToProto(req.Tools), ToolChoice: req.ToolChoice, ConfigJson: marshalOrNil(req.Config)}
}

// generateAnswer reads a Generate response: the output, or the refusal.
func generateAnswer(resp *pb.GenerateResponse) (agent.GenerateResponse, error) {
	if resp.Refused != "" {
		return agent.GenerateResponse{}, &agent.RefusedError{Cause: resp.Refused}
	}
	return agent.GenerateResponse{Output: wire.OutputFromProto(resp.Output)}, nil
}

func (c *agentHostClient) ListTools(ctx context.Context) ([]model.ToolInfo, error) {
	resp, err := c.client.ListTools(ctx, &pb.ListToolsRequest{Token: c.token})
	if err != nil {
		return nil, protocol.CallError("list tools", err)
	}
	return wire.ToolsFromProto(resp.Tools), nil
}

func (c *agentHostClient) CallTool(ctx context.Context, call model.ToolCall) (agent.ToolResult, error) {
	resp, err := c.client.CallTool(ctx, &pb.CallToolRequest{Token: c.token, Call: wire.ToolCallToProto(call)})
	if err != nil {
		return agent.ToolResult{}, protocol.CallError("call tool", err)
	}
	return toolAnswer(resp)
}

// toolAnswer reads a CallTool response: the result, or the refusal.
func toolAnswer(resp *pb.CallToolResponse) (agent.ToolResult, error) {
	if resp.Refused != "" {
		return agent.ToolResult{}, &agent.RefusedError{Cause: resp.Refused}
	}
	res := agent.ToolResult{Content: resp.Content}
	if resp.Error != nil {
		res.Error = &model.ToolError{Type: resp.Error.Type, Message: resp.Error.Message}
	}
	return res, nil
}

func (c *agentHostClient) Submit(ctx context.Context, answer string) (agent.Verdict, error) {
	resp, err := c.client.Submit(ctx, &pb.SubmitRequest{Token: c.token, Answer: answer})
	if err != nil {
		return agent.Verdict{}, protocol.CallError("submit", err)
	}
	return verdictOf(resp), nil
}

// verdictOf reads a Submit response.
func verdictOf(resp *pb.SubmitResponse) agent.Verdict {
	v := agent.Verdict{Checked: resp.Checked, Passed: resp.Passed}
	if resp.Checked {
		v.Score = wire.ScoreFromProto(resp.Score)
	}
	return v
}

func (c *agentHostClient) Log(ctx context.Context, level, message string, fields map[string]any) error {
	_, err := c.client.Log(ctx, &pb.LogRequest{Token: c.token, Level: level, Message: message, FieldsJson: marshalOrNil(fields)})
	if err != nil {
		return protocol.CallError("log", err)
	}
	return nil
}

func marshalOrNil(v map[string]any) []byte {
	if len(v) == 0 {
		return nil
	}
	b, _ := json.Marshal(v)
	return b
}

// StopSelf asks the host to end the member by its own decision.
func (c *agentHostClient) StopSelf(ctx context.Context, reason string) error {
	if _, err := c.client.StopSelf(ctx, &pb.StopSelfRequest{Token: c.token, Reason: reason}); err != nil {
		return protocol.CallError("stop self", err)
	}
	return nil
}

// Interface guard.
var _ agent.SelfStopper = (*agentHostClient)(nil)

// NewAgentHost is the agent.Host a member's agent gets, calling the host's
// AgentHost service on conn with token, for tests of the host's half.
func NewAgentHost(conn grpc.ClientConnInterface, token string) agent.Host {
	return &agentHostClient{client: pb.NewAgentHostClient(conn), token: token}
}
