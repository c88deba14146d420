package hostside

import (
	"context"

	"google.golang.org/grpc"

	"github.com/swarmhost/swarmhost/sdk/agent"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
)

// agentClient is the host's handle on an agent plugin process.
type agentClient struct {
	kindClient
	client  pb.AgentClient
	members memberLink
}

func newAgentClient(c *grpc.ClientConn) *agentClient {
	client := pb.NewAgentClient(c)
	return &agentClient{kindClient: kindClient{kind: protocol.KindAgent, rpc: client}, client: client}
}

// Agent returns the named agent as an [agent.Agent].
func (c *agentClient) Agent(name string) agent.Agent { return &remoteAgent{c: c, name: name} }

// remoteAgent proxies one named agent.
type remoteAgent struct {
	c    *agentClient
	name string
}

func (a *remoteAgent) Metadata(ctx context.Context, _ agent.MetadataRequest, resp *agent.MetadataResponse) {
	a.c.metadata(ctx, a.name, resp)
}

// Run runs the member in the plugin process, on the process's member
// stream, with req.Host serving the member's host calls.
func (a *remoteAgent) Run(ctx context.Context, req agent.RunRequest, resp *agent.RunResponse) error {
	s, err := a.c.members.stream(a.c.client)
	if err != nil {
		return err
	}
	out, err := s.run(ctx, a.name, req)
	if err != nil {
		return protocol.CallError("agent "+a.name+" run", err)
	}
	resp.Output = wire.OutputFromProto(out.Output)
	return nil
}
