package sandbox

import (
	"context"
	"net"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/host/isolate"
	"github.com/swarmhost/swarmhost/host/isolate/isolatetest"
)

// TestToolNetworkOnlyWhenAsked: a tool command reaches a loopback listener
// on the host only when the sample's sandboxes have Network (the task's
// `sandbox "local" { network = true }`), checked from outside by the
// listener's count of accepted connections.
func TestToolNetworkOnlyWhenAsked(t *testing.T) {
	t.Parallel()
	isolatetest.RequireTier(t, isolate.TierNamespaces)
	for name, network := range map[string]bool{"without network": false, "with network = true": true} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			l, err := net.Listen("tcp", "127.0.0.1:0")
			require.NoError(t, err)
			defer l.Close()
			var accepted atomic.Int32
			go func() {
				for {
					c, err := l.Accept()
					if err != nil {
						return
					}
					accepted.Add(1)
					c.Close()
				}
			}()
			ss := newSampleWith(t, NewLocal(t.TempDir()), SampleSpec{ID: "s", Epoch: 1, Members: []string{"solo"}, Network: network})
			addr := l.Addr().(*net.TCPAddr)
			res, err := ss.Shared().Exec(context.Background(), ExecRequest{Command: []string{"bash", "-c",
				"echo x > /dev/tcp/127.0.0.1/" + strconv.Itoa(addr.Port) + " && echo connected || echo refused"}})
			require.NoError(t, err)
			want := map[bool]string{false: "refused\n", true: "connected\n"}[network]
			assert.Equal(t, want, res.Stdout, res.Stderr)
			assert.Eventually(t, func() bool { return (accepted.Load() > 0) == network }, 5*time.Second, 10*time.Millisecond,
				"the listener accepted %d connections", accepted.Load())
		})
	}
}
