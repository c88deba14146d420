package rpc

import (
	"fmt"
	"sync"

	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"
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

// dialCache keeps one connection per broker id on the plugin side.
type dialCache struct {
	broker *plugin.GRPCBroker
	mu     sync.Mutex
	conns  map[uint32]*grpc.ClientConn
}

func (d *dialCache) dial(id uint32) (*grpc.ClientConn, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if c, ok := d.conns[id]; ok {
		return c, nil
	}
	c, err := d.broker.DialWithOptions(id, DialOptions()...)
	if err != nil {
		return nil, fmt.Errorf("dial host service %d: %w", id, err)
	}
	if d.conns == nil {
		d.conns = map[uint32]*grpc.ClientConn{}
	}
	d.conns[id] = c
	return c, nil
}
