package main

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"slices"
	"sync"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	"github.com/swarmhost/swarmhost/host/plugins"
	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/hostrpc"
)

// overheadReps is how many times each side is measured; the median counts.
const overheadReps = 5

// overheadCases are the concurrent members and the calls each makes.
var overheadCases = []struct{ members, calls int }{{1, 2000}, {64, 100}}

// benchOverhead compares the host path of a model call — an agent plugin
// process calling Generate through the broker, the swarm runtime's limits
// and evidence, mockllm — with the floor: a raw gRPC unary round trip
// (go-plugin's health check) to a plugin process over the same kind of
// connection (go-plugin's unix socket with AutoMTLS). Both sides run
// alternately in the same process, at 1 and 64 concurrent callers.
func benchOverhead(e *env, t *Table) {
	ctx := context.Background()
	mgr := plugins.NewManager(nil, plugins.Options{})
	defer mgr.Close()
	ag, ctrl, err := e.overheadPlugins(ctx, mgr)
	if err != nil {
		t.Fail("call overhead", err)
		return
	}
	conn, kill, err := dialFloor(plugins.BinaryName("agent", "callloop"), e.benchBin)
	if err != nil {
		t.Fail("call overhead", err)
		return
	}
	defer kill()
	for _, c := range overheadCases {
		progress("call overhead: %d member(s) × %d calls", c.members, c.calls)
		var host, floor []time.Duration
		for range overheadReps + 1 { // the first round warms both up and is dropped
			f, err := floorCalls(ctx, conn, c.members, c.calls)
			if err != nil {
				t.Fail("call overhead", err)
				return
			}
			h, err := hostCalls(ctx, ag, ctrl, c.members, c.calls)
			if err != nil {
				t.Fail("call overhead", err)
				return
			}
			host, floor = append(host, h), append(floor, f)
		}
		h, f := median(host[1:]), median(floor[1:])
		x := float64(h) / float64(f)
		t.Add(Row{Bench: "call overhead", Measure: fmt.Sprintf("model call via the host, %d concurrent member(s)", c.members),
			Ours: dur(h) + "/call", Ref: "gRPC floor " + dur(f) + "/call", Ratio: ratio(x), Target: "≤ 2×", OK: x <= 2})
	}
}

// overheadPlugins starts the callloop agent and the leaderless controller
// through the host's plugin manager, as a run does.
func (e *env) overheadPlugins(ctx context.Context, mgr *plugins.Manager) (agent.Agent, plugins.Controller, error) {
	ab, err := plugins.Discover("agent", "callloop", nil, []string{e.benchBin})
	if err != nil {
		return nil, nil, err
	}
	cb, err := plugins.Discover("controller", "leaderless", nil, []string{e.bin})
	if err != nil {
		return nil, nil, err
	}
	ac, err := mgr.Agent(ctx, plugins.WithDefaultTrust(ab))
	if err != nil {
		return nil, nil, err
	}
	cc, err := mgr.Controller(ctx, plugins.WithDefaultTrust(cb))
	if err != nil {
		return nil, nil, err
	}
	return ac.Agent("callloop"), cc.Controller("leaderless"), nil
}

// dialFloor starts a second process of the agent binary with go-plugin's
// own client, configured as the host's (gRPC, AutoMTLS), and returns its
// connection.
func dialFloor(name, dir string) (*grpc.ClientConn, func(), error) {
	client := plugin.NewClient(&plugin.ClientConfig{
		HandshakeConfig: hostrpc.Handshake, VersionedPlugins: hostrpc.VersionedPlugins(),
		Cmd: exec.Command(dir + "/" + name), AllowedProtocols: []plugin.Protocol{plugin.ProtocolGRPC},
		AutoMTLS: true, GRPCDialOptions: hostrpc.DialOptions(), Logger: hclog.NewNullLogger(),
	})
	proto, err := client.Client()
	if err != nil {
		client.Kill()
		return nil, nil, fmt.Errorf("floor plugin: %w", err)
	}
	return proto.(*plugin.GRPCClient).Conn, client.Kill, nil
}

// floorCalls makes members×calls health checks from members goroutines
// and returns the wall time per call.
func floorCalls(ctx context.Context, conn *grpc.ClientConn, members, calls int) (time.Duration, error) {
	hc := healthpb.NewHealthClient(conn)
	var wg sync.WaitGroup
	errs := make([]error, members)
	start := time.Now()
	for i := range members {
		wg.Go(func() {
			for range calls {
				if _, err := hc.Check(ctx, &healthpb.HealthCheckRequest{Service: "plugin"}); err != nil {
					errs[i] = fmt.Errorf("floor call: %w", err)
					return
				}
			}
		})
	}
	wg.Wait()
	return time.Since(start) / time.Duration(members*calls), errors.Join(errs...)
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}
