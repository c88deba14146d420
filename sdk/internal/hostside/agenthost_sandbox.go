package hostside

import (
	"context"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/swarmhost/swarmhost/sdk/agent"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
)

// sandboxes resolves the token to the member's sandbox calls.
func (s *agentHostServer) sandboxes(token string) (agent.SandboxHost, error) {
	h, err := s.host(token)
	if err != nil {
		return nil, err
	}
	sb, err := agent.Sandboxes(h)
	if err != nil {
		return nil, status.Error(codes.Unimplemented, err.Error())
	}
	return sb, nil
}

// SandboxNames lists the member's sandboxes (agent.SandboxHost).
func (s *agentHostServer) SandboxNames(ctx context.Context, req *pb.SandboxNamesRequest) (*pb.SandboxNamesResponse, error) {
	sb, err := s.sandboxes(req.Token)
	if err != nil {
		return nil, err
	}
	names, err := sb.SandboxNames(ctx)
	if err != nil {
		return nil, status.Error(codes.Unavailable, err.Error())
	}
	return &pb.SandboxNamesResponse{Names: names}, nil
}

// SandboxExec runs a command in one of the member's sandboxes.
func (s *agentHostServer) SandboxExec(ctx context.Context, req *pb.SandboxExecRequest) (*pb.SandboxExecResponse, error) {
	sb, err := s.sandboxes(req.Token)
	if err != nil {
		return nil, err
	}
	res, err := sb.SandboxExec(ctx, agent.ExecRequest{Sandbox: req.Sandbox, Command: req.Command, Input: req.Input,
		Timeout: time.Duration(req.TimeoutSeconds * float64(time.Second)), Env: req.Env})
	if err != nil {
		return nil, status.Error(codes.FailedPrecondition, err.Error())
	}
	return &pb.SandboxExecResponse{ExitCode: int32(res.ExitCode), Stdout: res.Stdout, Stderr: res.Stderr,
		TimedOut: res.TimedOut}, nil
}

// SandboxReadFile reads a file in one of the member's sandboxes.
func (s *agentHostServer) SandboxReadFile(ctx context.Context, req *pb.SandboxReadFileRequest) (*pb.SandboxReadFileResponse, error) {
	sb, err := s.sandboxes(req.Token)
	if err != nil {
		return nil, err
	}
	content, err := sb.SandboxReadFile(ctx, req.Sandbox, req.Path)
	if err != nil {
		return nil, status.Error(codes.NotFound, err.Error())
	}
	return &pb.SandboxReadFileResponse{Content: content}, nil
}

// SandboxWriteFile writes a file in one of the member's sandboxes.
func (s *agentHostServer) SandboxWriteFile(ctx context.Context, req *pb.SandboxWriteFileRequest) (*pb.SandboxWriteFileResponse, error) {
	sb, err := s.sandboxes(req.Token)
	if err != nil {
		return nil, err
	}
	if err := sb.SandboxWriteFile(ctx, req.Sandbox, req.Path, req.Content); err != nil {
		return nil, status.Error(codes.PermissionDenied, err.Error())
	}
	return &pb.SandboxWriteFileResponse{}, nil
}
