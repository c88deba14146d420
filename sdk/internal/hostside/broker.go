package hostside

import (
	"sync"

	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
)

// hostService serves one host-side gRPC service over the broker, started on
// first use and reused for every call to the same plugin process.
type hostService struct {
	broker   *plugin.GRPCBroker
	register func(*grpc.Server)
	once     sync.Once
	id       uint32
}

// brokerID starts the service if needed and returns its broker id.
func (h *hostService) brokerID() uint32 {
	h.once.Do(func() {
		h.id = h.broker.NextId()
		go h.broker.AcceptAndServe(h.id, func(opts []grpc.ServerOption) *grpc.Server {
			s := hostServiceServer(opts)
			h.register(s)
			return s
		})
	})
	return h.id
}

// hostServiceServer builds the gRPC server of a brokered host service:
// every server's options, with requests capped at MaxHostCallBytes.
func hostServiceServer(opts []grpc.ServerOption) *grpc.Server {
	opts = append(append(opts, protocol.ServerOptions()...), grpc.MaxRecvMsgSize(protocol.MaxHostCallBytes))
	return grpc.NewServer(opts...)
}
