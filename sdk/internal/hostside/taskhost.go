package hostside

import (
	"context"
	"errors"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/swarmhost/swarmhost/sdk/agent"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
)

// TaskHost is what a task plugin reaches while it runs a sample's setup
// steps or one of the task's tools for a member: sandboxes (the sample's,
// or the calling member's) and, for setup steps, the eval's model.
type TaskHost interface {
	agent.SandboxHost
	// Generate makes one model call; ErrNoTaskModel when this TaskHost has
	// no model (a task tool), a *agent.RefusedError when a limit refuses it.
	Generate(ctx context.Context, req agent.GenerateRequest) (agent.GenerateResponse, error)
}

// ErrNoTaskModel is a [TaskHost]'s Generate error when it offers no model.
var ErrNoTaskModel = errors.New("no model here: a task's tools run without one (only its setup steps reach the eval's model)")

// taskHostServer runs in the host and dispatches by the token of the
// setup or tool call it serves.
type taskHostServer struct {
	pb.UnimplementedTaskHostServer
	hosts *registry[TaskHost]
}

func (s *taskHostServer) host(tok string) (TaskHost, error) {
	return s.hosts.lookup(tok, "task call token")
}

// SandboxNames lists the sandboxes the call reaches.
func (s *taskHostServer) SandboxNames(ctx context.Context, req *pb.SandboxNamesRequest) (*pb.SandboxNamesResponse, error) {
	h, err := s.host(req.Token)
	if err != nil {
		return nil, err
	}
	names, err := h.SandboxNames(ctx)
	if err != nil {
		return nil, status.Error(codes.Unavailable, err.Error())
	}
	return &pb.SandboxNamesResponse{Names: names}, nil
}

// SandboxExec runs a command in one of them.
func (s *taskHostServer) SandboxExec(ctx context.Context, req *pb.SandboxExecRequest) (*pb.SandboxExecResponse, error) {
	h, err := s.host(req.Token)
	if err != nil {
		return nil, err
	}
	res, err := h.SandboxExec(ctx, agent.ExecRequest{Sandbox: req.Sandbox, Command: req.Command, Input: req.Input,
		Timeout: time.Duration(req.TimeoutSeconds * float64(time.Second)), Env: req.Env})
	if err != nil {
		return nil, status.Error(codes.FailedPrecondition, err.Error())
	}
	return &pb.SandboxExecResponse{ExitCode: int32(res.ExitCode), Stdout: res.Stdout, Stderr: res.Stderr,
		TimedOut: res.TimedOut}, nil
}

// SandboxReadFile reads a file in one of them.
func (s *taskHostServer) SandboxReadFile(ctx context.Context, req *pb.SandboxReadFileRequest) (*pb.SandboxReadFileResponse, error) {
	h, err := s.host(req.Token)
	if err != nil {
		return nil, err
	}
	content, err := h.SandboxReadFile(ctx, req.Sandbox, req.Path)
	if err != nil {
		return nil, status.Error(codes.NotFound, err.Error())
	}
	return &pb.SandboxReadFileResponse{Content: content}, nil
}

// SandboxWriteFile writes a file in one of them.
func (s *taskHostServer) SandboxWriteFile(ctx context.Context, req *pb.SandboxWriteFileRequest) (*pb.SandboxWriteFileResponse, error) {
	h, err := s.host(req.Token)
	if err != nil {
		return nil, err
	}
	if err := h.SandboxWriteFile(ctx, req.Sandbox, req.Path, req.Content); err != nil {
		return nil, status.Error(codes.PermissionDenied, err.Error())
	}
	return &pb.SandboxWriteFileResponse{}, nil
}

// Generate makes one model call on the eval's model (setup steps); a
// refusal is an answer, as for agents.
func (s *taskHostServer) Generate(ctx context.Context, req *pb.GenerateRequest) (*pb.GenerateResponse, error) {
	h, err := s.host(req.Token)
	if err != nil {
		return nil, err
	}
	call, err := generateRequest(req, "a task's generate call (prompt)")
	if err != nil {
		return nil, err
	}
	out, err := h.Generate(ctx, call)
	return generateAnswer(err, ErrNoTaskModel, func() *pb.GenerateResponse {
		return &pb.GenerateResponse{Output: wire.OutputToProto(out.Output)}
	})
}
