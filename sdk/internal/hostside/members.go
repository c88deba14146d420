package hostside

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
)

// The member stream (Agent.Members) runs every member of one plugin process
// on one bidirectional gRPC stream, with the member's AgentHost calls as
// messages on it: a member then
// costs the plugin its agent's own state and a goroutine blocked on a
// channel, not a gRPC call, its stream state and buffers. The host's end
// is memberStream (members_host.go), the plugin's pluginStream
// (package pluginside).

// methodTable maps a gRPC method's full name to its unary handler. It is a
// grpc.ServiceRegistrar, so the generated Register function fills it.
type methodTable map[string]grpc.MethodHandler

// RegisterService records desc's unary methods.
func (t methodTable) RegisterService(desc *grpc.ServiceDesc, _ any) {
	for _, m := range desc.Methods {
		t["/"+desc.ServiceName+"/"+m.MethodName] = m.Handler
	}
}

// agentHostMethods are the AgentHost methods a member may call on the
// stream.
var agentHostMethods = func() methodTable {
	t := methodTable{}
	pb.RegisterAgentHostServer(t, &agentHostServer{})
	return t
}()

// serveHostCall runs one host call from the stream as the broker's server
// would: the request decoded, over protocol.MaxHostCallBytes refused before.
func serveHostCall(ctx context.Context, srv *agentHostServer, c *pb.HostCall) (any, error) {
	h, ok := agentHostMethods[c.Method]
	if !ok {
		return nil, status.Errorf(codes.Unimplemented, "the host serves no method %q on the member stream", c.Method)
	}
	if len(c.Request) > protocol.MaxHostCallBytes {
		return nil, status.Errorf(codes.ResourceExhausted, "grpc: received message larger than max (%d vs. %d)",
			len(c.Request), protocol.MaxHostCallBytes)
	}
	return h(srv, ctx, func(v any) error { return proto.Unmarshal(c.Request, v.(proto.Message)) }, nil)
}
