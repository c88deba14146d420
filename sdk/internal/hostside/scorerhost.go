package hostside

import (
	"context"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// scorerHostServer runs in the host and dispatches by score token. It has
// no call that writes anything.
type scorerHostServer struct {
	pb.UnimplementedScorerHostServer
	hosts *registry[scorer.Host]
}

func (s *scorerHostServer) host(tok string) (scorer.Host, error) {
	return s.hosts.lookup(tok, "score token")
}

func (s *scorerHostServer) ReadFile(ctx context.Context, req *pb.ReadFileRequest) (*pb.ReadFileResponse, error) {
	h, err := s.host(req.Token)
	if err != nil {
		return nil, err
	}
	b, err := h.ReadFile(ctx, req.Sandbox, req.Path)
	if err != nil {
		return nil, status.Error(codes.NotFound, err.Error())
	}
	return &pb.ReadFileResponse{Content: b}, nil
}

func (s *scorerHostServer) ListFiles(ctx context.Context, req *pb.ListFilesRequest) (*pb.ListFilesResponse, error) {
	h, err := s.host(req.Token)
	if err != nil {
		return nil, err
	}
	paths, err := h.ListFiles(ctx, req.Sandbox, req.Dir)
	if err != nil {
		return nil, status.Error(codes.NotFound, err.Error())
	}
	return &pb.ListFilesResponse{Paths: paths}, nil
}

func (s *scorerHostServer) Exec(ctx context.Context, req *pb.ExecRequest) (*pb.ExecResponse, error) {
	h, err := s.host(req.Token)
	if err != nil {
		return nil, err
	}
	res, err := h.Exec(ctx, scorer.ExecRequest{Sandbox: req.Sandbox, Command: req.Command, Input: req.Input,
		Timeout: time.Duration(req.TimeoutSeconds * float64(time.Second)), Env: req.Env})
	if err != nil {
		return nil, status.Error(codes.Unknown, err.Error())
	}
	return &pb.ExecResponse{ExitCode: int32(res.ExitCode), Stdout: res.Stdout, Stderr: res.Stderr,
		TimedOut: res.TimedOut}, nil
}

// Generate serves a scorer's model call when its host offers one
// ([scorer.Generator]); a refusal is an answer, as for agents.
func (s *scorerHostServer) Generate(ctx context.Context, req *pb.GenerateRequest) (*pb.GenerateResponse, error) {
	h, err := s.host(req.Token)
	if err != nil {
		return nil, err
	}
	call, err := generateRequest(req, "a scorer's generate call (prompt)")
	if err != nil {
		return nil, err
	}
	out, err := scorer.Generate(ctx, h, scorer.GenerateRequest{Messages: call.Messages, Tools: call.Tools,
		ToolChoice: call.ToolChoice, Config: call.Config})
	return generateAnswer(err, scorer.ErrNoModel, func() *pb.GenerateResponse {
		return &pb.GenerateResponse{Output: wire.OutputToProto(out.Output)}
	})
}
