package pluginside

import (
	"fmt"
	"sync"

	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
)

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
	c, err := d.broker.DialWithOptions(id, protocol.DialOptions()...)
	if err != nil {
		return nil, fmt.Errorf("dial host service %d: %w", id, err)
	}
	if d.conns == nil {
		d.conns = map[uint32]*grpc.ClientConn{}
	}
	d.conns[id] = c
	return c, nil
}
