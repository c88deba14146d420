package hostside

import (
	"context"

	"github.com/hashicorp/go-plugin"
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
	hosts   *registry[agent.Host]
	svc     *hostService
	members memberLink
}

func newAgentClient(b *plugin.GRPCBroker, c *grpc.ClientConn) *agentClient {
	client := pb.NewAgentClient(c)
	ac := &agentClient{client: client, hosts: newRegistry[agent.Host]()}
	// Every metadata answer tells the member link whether the process serves the member stream.
	ac.kindClient = kindClient{kind: protocol.KindAgent, rpc: client, seen: ac.members.learn}
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

// Run runs the member in the plugin process: on the process's member
// stream when the plugin serves one, else as one Run call with req.Host
// registered under a fresh token for the call's duration.
func (a *remoteAgent) Run(ctx context.Context, req agent.RunRequest, resp *agent.RunResponse) error {
	s, err := a.c.members.stream(ctx, a.c)
	if err != nil {
		return err
	}
	var out *pb.RunResponse
	if s != nil {
		out, err = s.run(ctx, a.name, req)
	} else {
		out, err = a.runUnary(ctx, req)
	}
	if err != nil {
		return protocol.CallError("agent "+a.name+" run", err)
	}
	resp.Output = wire.OutputFromProto(out.Output)
	return nil
}

// runUnary runs the member as one Run call, its host calls over the broker.
func (a *remoteAgent) runUnary(ctx context.Context, req agent.RunRequest) (*pb.RunResponse, error) {
	token := a.c.hosts.add(req.Host)
	defer a.c.hosts.remove(token)
	msg := wire.RunRequestToProto(a.name, req)
	msg.HostBrokerId, msg.HostToken = a.c.svc.brokerID(), token
	return a.c.client.Run(ctx, msg)
}
