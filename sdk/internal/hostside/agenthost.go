package hostside

import (
	"context"
	"encoding/json"
	"errors"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/swarmhost/swarmhost/sdk/agent"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// agentHostServer runs in the host and serves one member's host calls
// from the member stream (serveHostCall).
type agentHostServer struct {
	pb.UnimplementedAgentHostServer
	// hosts finds the member's host: boundHost, since the stream already
	// names the member.
	hosts getter[agent.Host]
}

// boundHost is the lookup of one member's calls on the member stream: the
// stream names the member, so the request's (empty) token is not consulted.
type boundHost struct{ h agent.Host }

func (b boundHost) get(string) (agent.Host, bool) { return b.h, true }

func (s *agentHostServer) host(tok string) (agent.Host, error) {
	return lookup[agent.Host](s.hosts, tok, "member token")
}

// tooLarge is the refusal of a call of n bytes over limit.
func tooLarge(what string, n, limit int) error {
	return status.Errorf(codes.InvalidArgument, "%s refused: it is %s, over the host's limit of %s on %s",
		what, protocol.SizeText(n), protocol.SizeText(limit), what)
}

// generateRequest decodes a generate call from a plugin: its prompt (the
// request less its token) bounded by protocol.MaxPromptBytes, what naming
// the call in the refusal.
func generateRequest(req *pb.GenerateRequest, what string) (agent.GenerateRequest, error) {
	if n := proto.Size(req) - len(req.Token); n > protocol.MaxPromptBytes {
		return agent.GenerateRequest{}, tooLarge(what, n, protocol.MaxPromptBytes)
	}
	var cfg map[string]any
	_ = json.Unmarshal(req.ConfigJson, &cfg)
	return agent.GenerateRequest{Messages: wire.MessagesFromProto(req.Messages), Tools: wire.ToolsFromProto(req.Tools),
		ToolChoice: req.ToolChoice, Config: cfg}, nil
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

// generateAnswer is the answer to a generate call that returned err: a
// refusal is an answer, not an error; a missing model (noModel, nil for a
// host that always has one) is FailedPrecondition; any other error is
// Unknown; without an error, ok's response.
func generateAnswer(err, noModel error, ok func() *pb.GenerateResponse) (*pb.GenerateResponse, error) {
	if noModel != nil && errors.Is(err, noModel) {
		return nil, status.Error(codes.FailedPrecondition, err.Error())
	}
	cause, err := refusal(err)
	if err != nil {
		return nil, err
	}
	if cause != "" {
		return &pb.GenerateResponse{Refused: cause}, nil
	}
	return ok(), nil
}

func (s *agentHostServer) Generate(ctx context.Context, req *pb.GenerateRequest) (*pb.GenerateResponse, error) {
	h, err := s.host(req.Token)
	if err != nil {
		return nil, err
	}
	call, err := generateRequest(req, "a generate call (prompt)")
	if err != nil {
		return nil, err
	}
	call.OwnNotices = req.OwnNotices
	out, err := h.Generate(ctx, call)
	return generateAnswer(err, nil, func() *pb.GenerateResponse {
		return &pb.GenerateResponse{Output: wire.OutputToProto(out.Output), Notice: noticeToProto(out.Notice)}
	})
}

// noticeToProto is a notice on the wire; nil for none.
func noticeToProto(m *model.Message) *pb.ChatMessage {
	if m == nil {
		return nil
	}
	return wire.MessageToProto(*m)
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
	if len(req.Answer) > protocol.MaxAnswerBytes {
		return nil, tooLarge("a submitted answer", len(req.Answer), protocol.MaxAnswerBytes)
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
	if n := len(req.Message) + len(req.FieldsJson); n > protocol.MaxLogBytes {
		return nil, tooLarge("a log call", n, protocol.MaxLogBytes)
	}
	var fields map[string]any
	_ = json.Unmarshal(req.FieldsJson, &fields)
	return &pb.LogResponse{}, h.Log(ctx, req.Level, req.Message, fields)
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
