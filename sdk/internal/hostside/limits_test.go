package hostside

import (
	"context"
	"net"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	"github.com/swarmhost/swarmhost/sdk/agent"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/pluginside"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// countingHost is an agent.Host that counts the calls that reach it.
type countingHost struct{ calls atomic.Int32 }

func (h *countingHost) Generate(context.Context, agent.GenerateRequest) (agent.GenerateResponse, error) {
	h.calls.Add(1)
	return agent.GenerateResponse{Output: model.TextOutput("m", "ok")}, nil
}
func (h *countingHost) ListTools(context.Context) ([]model.ToolInfo, error) { return nil, nil }
func (h *countingHost) CallTool(context.Context, model.ToolCall) (agent.ToolResult, error) {
	return agent.ToolResult{}, nil
}
func (h *countingHost) Submit(context.Context, string) (agent.Verdict, error) {
	h.calls.Add(1)
	return agent.Verdict{}, nil
}
func (h *countingHost) Log(context.Context, string, string, map[string]any) error {
	h.calls.Add(1)
	return nil
}

// limitedHost serves an agent host service over a real unix socket, as
// the broker does, and returns a client (the SDK's) bound to host.
func limitedHost(t *testing.T, host agent.Host) agent.Host {
	t.Helper()
	sock := filepath.Join(t.TempDir(), "h.sock")
	lis, err := net.Listen("unix", sock)
	require.NoError(t, err)
	hosts := newRegistry[agent.Host]()
	srv := hostServiceServer(nil)
	pb.RegisterAgentHostServer(srv, &agentHostServer{hosts: hosts})
	go func() { _ = srv.Serve(lis) }()
	t.Cleanup(srv.Stop)
	conn, err := grpc.NewClient("unix://"+sock, append(protocol.DialOptions(), grpc.WithTransportCredentials(insecure.NewCredentials()))...)
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close() })
	return pluginside.NewAgentHost(conn, hosts.add(host))
}

// sizeLimitCase is one host call and how the host's limits treat it.
type sizeLimitCase struct {
	call    func(context.Context, agent.Host) error
	reached bool
	want    string
}

// sizeLimitCases are calls within and over each of the host's limits.
func sizeLimitCases() map[string]sizeLimitCase {
	big := func(n int) string { return strings.Repeat("x", n) }
	prompt := func(n int) agent.GenerateRequest {
		return agent.GenerateRequest{Messages: []model.Message{{Role: model.RoleUser, Content: big(n)}}}
	}
	return map[string]sizeLimitCase{
		"a log line within the limit": {call: func(ctx context.Context, c agent.Host) error {
			return c.Log(ctx, "info", big(protocol.MaxLogBytes/2), nil)
		}, reached: true},
		"a log call over 64 KiB": {call: func(ctx context.Context, c agent.Host) error {
			return c.Log(ctx, "info", big(protocol.MaxLogBytes), map[string]any{"k": "v"})
		}, want: "a log call refused: it is 65545 bytes, over the host's limit of 64 KiB on a log call"},
		"a 60 MiB log call": {call: func(ctx context.Context, c agent.Host) error {
			return c.Log(ctx, "info", big(60<<20), nil)
		}, want: "log: refused by the host: the request is over its limit of 16 MiB on one host call"},
		"a prompt within the limit": {call: func(ctx context.Context, c agent.Host) error {
			_, err := c.Generate(ctx, prompt(1<<20))
			return err
		}, reached: true},
		"a prompt over 8 MiB": {call: func(ctx context.Context, c agent.Host) error {
			_, err := c.Generate(ctx, prompt(protocol.MaxPromptBytes+1))
			return err
		}, want: "over the host's limit of 8 MiB on a generate call (prompt)"},
		"an answer over 1 MiB": {call: func(ctx context.Context, c agent.Host) error {
			_, err := c.Submit(ctx, big(protocol.MaxAnswerBytes+1))
			return err
		}, want: "over the host's limit of 1 MiB on a submitted answer"},
	}
}

// TestHostServiceSizeLimits: calls over a limit are refused at the host
// service with an error naming the limit, and never reach the host; calls
// within it do.
func TestHostServiceSizeLimits(t *testing.T) {
	t.Parallel()
	tests := sizeLimitCases()
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			host := &countingHost{}
			err := tc.call(context.Background(), limitedHost(t, host))
			assert.Equal(t, tc.reached, host.calls.Load() == 1, "reached the host")
			if tc.want == "" {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// TestTooLargeIsInvalidArgument: the refusal's gRPC code, for clients in
// other languages.
func TestTooLargeIsInvalidArgument(t *testing.T) {
	t.Parallel()
	assert.Equal(t, codes.InvalidArgument, status.Code(tooLarge("a log call", 10, 5)))
}
