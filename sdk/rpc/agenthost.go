package rpc

import (
	"context"
	"encoding/json"
	"errors"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/swarmhost/swarmhost/sdk/agent"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// agentHostServer runs in the host and dispatches by member token.
type agentHostServer struct {
	pb.UnimplementedAgentHostServer
	// hosts finds the member a call's token names: the broker's registry
	// of tokens, or one member's own host on the member stream (boundHost).
	hosts getter[agent.Host]
}

// boundHost is the lookup of one member's calls on the member stream: the
// stream already names the member, so the (empty) token is not consulted.
type boundHost struct{ h agent.Host }

func (b boundHost) get(string) (agent.Host, bool) { return b.h, true }

func (s *agentHostServer) host(tok string) (agent.Host, error) {
	return lookup[agent.Host](s.hosts, tok, "member token")
}

// refusal splits a host error into a refusal cause or a gRPC error.
func refusal(err error) (string, error) {
	var r *agent.RefusedError
	if errors.As(err, &r) {
		return r.Cause, nil
	}
	if err != nil {
		return "", status.Error(codes.Unknown, err.Error())
	}
	return "", nil
}

func (s *agentHostServer) Generate(ctx context.Context, req *pb.GenerateRequest) (*pb.GenerateResponse, error) {
	h, err := s.host(req.Token)
	if err != nil {
		return nil, err
	}
	if n := proto.Size(req) - len(req.Token); n > MaxPromptBytes {
		return nil, tooLarge("a generate call (prompt)", n, MaxPromptBytes)
	}
	var cfg map[string]any
	_ = json.Unmarshal(req.ConfigJson, &cfg)
	out, err := h.Generate(ctx, agent.GenerateRequest{Messages: wire.MessagesFromProto(req.Messages),
		Tools: wire.ToolsFromProto(req.Tools), ToolChoice: req.ToolChoice, Config: cfg})
	cause, err := refusal(err)
	if err != nil {
		return nil, err
	}
	if cause != "" {
		return &pb.GenerateResponse{Refused: cause}, nil
	}
	return &pb.GenerateResponse{Output: wire.OutputToProto(out.Output)}, nil
}

func (s *agentHostServer) ListTools(ctx context.Context, req *pb.ListToolsRequest) (*pb.ListToolsResponse, error) {
	h, err := s.host(req.Token)
	if err != nil {
		return nil, err
	}
	tools, err := h.ListTools(ctx)
	if err != nil {
		return nil, status.Error(codes.Unknown, err.Error())
	}
	return &pb.ListToolsResponse{Tools: wire.ToolsToProto(tools)}, nil
}

func (s *agentHostServer) CallTool(ctx context.Context, req *pb.CallToolRequest) (*pb.CallToolResponse, error) {
	h, err := s.host(req.Token)
	if err != nil {
		return nil, err
	}
	res, err := h.CallTool(ctx, wire.ToolCallFromProto(req.Call))
	cause, err := refusal(err)
	if err != nil || cause != "" {
		return &pb.CallToolResponse{Refused: cause}, err
	}
	resp := &pb.CallToolResponse{Content: res.Content}
	if res.Error != nil {
		resp.Error = &pb.ToolError{Type: res.Error.Type, Message: res.Error.Message}
	}
	return resp, nil
}

func (s *agentHostServer) Submit(ctx context.Context, req *pb.SubmitRequest) (*pb.SubmitResponse, error) {
	h, err := s.host(req.Token)
	if err != nil {
		return nil, err
	}
	if len(req.Answer) > MaxAnswerBytes {
		return nil, tooLarge("a submitted answer", len(req.Answer), MaxAnswerBytes)
	}
	v, err := h.Submit(ctx, req.Answer)
	if err != nil {
		return nil, status.Error(codes.Unknown, err.Error())
	}
	return &pb.SubmitResponse{Checked: v.Checked, Passed: v.Passed, Score: wire.ScoreToProto(v.Score)}, nil
}

func (s *agentHostServer) Log(ctx context.Context, req *pb.LogRequest) (*pb.LogResponse, error) {
	h, err := s.host(req.Token)
	if err != nil {
		return nil, err
	}
	if n := len(req.Message) + len(req.FieldsJson); n > MaxLogBytes {
		return nil, tooLarge("a log call", n, MaxLogBytes)
	}
	var fields map[string]any
	_ = json.Unmarshal(req.FieldsJson, &fields)
	return &pb.LogResponse{}, h.Log(ctx, req.Level, req.Message, fields)
}

// agentHostClient runs in the plugin process and implements agent.Host.
type agentHostClient struct {
	client pb.AgentHostClient
	token  string
}

func (c *agentHostClient) Generate(ctx context.Context, req agent.GenerateRequest) (agent.GenerateResponse, error) {
	resp, err := c.client.Generate(ctx, generateRequest(c.token, req))
	if err != nil {
		return agent.GenerateResponse{}, callError("generate", err)
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
		return nil, callError("list tools", err)
	}
	return wire.ToolsFromProto(resp.Tools), nil
}

func (c *agentHostClient) CallTool(ctx context.Context, call model.ToolCall) (agent.ToolResult, error) {
	resp, err := c.client.CallTool(ctx, &pb.CallToolRequest{Token: c.token, Call: wire.ToolCallToProto(call)})
	if err != nil {
		return agent.ToolResult{}, callError("call tool", err)
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
		return agent.Verdict{}, callError("submit", err)
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
		return callError("log", err)
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

// StopSelf ends the member by its own decision (agent.SelfStopper).
func (s *agentHostServer) StopSelf(ctx context.Context, req *pb.StopSelfRequest) (*pb.StopSelfResponse, error) {
	h, err := s.host(req.Token)
	if err != nil {
		return nil, err
	}
	if err := agent.StopSelf(ctx, h, req.Reason); err != nil {
		return nil, status.Error(codes.Unimplemented, err.Error())
	}
	return &pb.StopSelfResponse{}, nil
}

// StopSelf asks the host to end the member by its own decision.
func (c *agentHostClient) StopSelf(ctx context.Context, reason string) error {
	if _, err := c.client.StopSelf(ctx, &pb.StopSelfRequest{Token: c.token, Reason: reason}); err != nil {
		return callError("stop self", err)
	}
	return nil
}

// Interface guard.
var _ agent.SelfStopper = (*agentHostClient)(nil)
