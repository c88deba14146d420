package pluginside

import (
	"context"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/swarmhost/swarmhost/sdk/agent"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// scorerHostClient runs in the plugin process and implements scorer.Host.
type scorerHostClient struct {
	client pb.ScorerHostClient
	token  string
}

func (c *scorerHostClient) ReadFile(ctx context.Context, sandbox, path string) ([]byte, error) {
	resp, err := c.client.ReadFile(ctx, &pb.ReadFileRequest{Token: c.token, Sandbox: sandbox, Path: path})
	if err != nil {
		return nil, protocol.CallError("read file", err)
	}
	return resp.Content, nil
}

func (c *scorerHostClient) ListFiles(ctx context.Context, sandbox, dir string) ([]string, error) {
	resp, err := c.client.ListFiles(ctx, &pb.ListFilesRequest{Token: c.token, Sandbox: sandbox, Dir: dir})
	if err != nil {
		return nil, protocol.CallError("list files", err)
	}
	return resp.Paths, nil
}

func (c *scorerHostClient) Exec(ctx context.Context, req scorer.ExecRequest) (scorer.ExecResult, error) {
	resp, err := c.client.Exec(ctx, &pb.ExecRequest{Token: c.token, Sandbox: req.Sandbox, Command: req.Command,
		Input: req.Input, TimeoutSeconds: req.Timeout.Seconds(), Env: req.Env})
	if err != nil {
		return scorer.ExecResult{}, protocol.CallError("exec", err)
	}
	return scorer.ExecResult{ExitCode: int(resp.ExitCode), Stdout: resp.Stdout, Stderr: resp.Stderr,
		TimedOut: resp.TimedOut}, nil
}

// Generate calls the scorer's model through the host (scorer.Generator).
func (c *scorerHostClient) Generate(ctx context.Context, req scorer.GenerateRequest) (scorer.GenerateResponse, error) {
	resp, err := c.client.Generate(ctx, &pb.GenerateRequest{Token: c.token, Messages: wire.MessagesToProto(req.Messages),
		Tools: wire.ToolsToProto(req.Tools), ToolChoice: req.ToolChoice, ConfigJson: marshalOrNil(req.Config)})
	if status.Code(err) == codes.FailedPrecondition {
		return scorer.GenerateResponse{}, scorer.ErrNoModel
	}
	if err != nil {
		return scorer.GenerateResponse{}, protocol.CallError("generate", err)
	}
	if resp.Refused != "" {
		return scorer.GenerateResponse{}, &agent.RefusedError{Cause: resp.Refused}
	}
	return scorer.GenerateResponse{Output: wire.OutputFromProto(resp.Output)}, nil
}

var _ scorer.Generator = (*scorerHostClient)(nil)
