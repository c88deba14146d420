package rpc

import (
	"context"

	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	"github.com/swarmhost/swarmhost/sdk/agent"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/wire"
)

// agentClient is the host's handle on an agent plugin process.
type agentClient struct {
	kindClient
	client pb.AgentClient
	hosts  *registry[agent.Host]
	svc    *hostService
}

func newAgentClient(b *plugin.GRPCBroker, c *grpc.ClientConn) *agentClient {
	client := pb.NewAgentClient(c)
	ac := &agentClient{kindClient: kindClient{KindAgent, client}, client: client, hosts: newRegistry[agent.Host]()}
	ac.svc = &hostService{broker: b, register: func(s *grpc.Server) {
		pb.RegisterAgentHostServer(s, &agentHostServer{hosts: ac.hosts})
	}}
	return ac
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

// Run registers req.Host under a fresh token for the call's duration and
// runs the member in the plugin process.
func (a *remoteAgent) Run(ctx context.Context, req agent.RunRequest, resp *agent.RunResponse) error {
	token := a.c.hosts.add(req.Host)
	defer a.c.hosts.remove(token)
	out, err := a.c.client.Run(ctx, &pb.RunRequest{
		Plugin: a.name, Member: req.Member, Role: req.Role, Index: int32(req.Index),
		Input: wire.MessagesToProto(req.Input), Preamble: req.Preamble, ConfigJson: req.Config.JSON(),
		Sample: wire.SampleRefToProto(req.Sample), HostBrokerId: a.c.svc.brokerID(), HostToken: token,
	})
	if err != nil {
		return callError("agent "+a.name+" run", err)
	}
	resp.Output = wire.OutputFromProto(out.Output)
	return nil
}
