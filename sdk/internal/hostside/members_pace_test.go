package hostside

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/agent"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// pacedProbe serves a probe on the member stream and gives the stream a
// window of places held at most hold: the stream is opened by one member
// run to its end first, so no member is running when the window changes.
func pacedProbe(t *testing.T, places int, hold time.Duration,
	run func(context.Context, agent.RunRequest, *agent.RunResponse) error) *agentClient {
	t.Helper()
	c := servedProbe(t, func(ctx context.Context, req agent.RunRequest, resp *agent.RunResponse) error {
		if req.Member == "opener" {
			return nil
		}
		return run(ctx, req, resp)
	})
	require.NoError(t, c.Agent("probe").Run(context.Background(), agent.RunRequest{Member: "opener", Host: &recordingHost{}},
		&agent.RunResponse{}))
	c.members.mu.Lock()
	c.members.cur.pace = newPace(places, hold)
	c.members.mu.Unlock()
	return c
}

// runAll runs n members named m0… concurrently on c with host and returns
// their outputs' completions, in order, once every one ended.
func runAll(t *testing.T, c *agentClient, n int, host agent.Host) []string {
	t.Helper()
	out := make([]string, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			var resp agent.RunResponse
			errs[i] = c.Agent("probe").Run(context.Background(), agent.RunRequest{Member: fmt.Sprint("m", i),
				Input: []model.Message{{Role: model.RoleUser, Content: "hi"}}, Host: host}, &resp)
			out[i] = resp.Output.Completion
		})
	}
	wg.Wait()
	for _, err := range errs {
		require.NoError(t, err)
	}
	return out
}

// TestStartWindow: a member stream starts at most its window of members
// whose first model call is unanswered, and never holds back a member
// that another waits for: a tool call, a member making no call within the
// hold, and a member's end each free its place; every member ends.
func TestStartWindow(t *testing.T) {
	t.Parallel()
	const n, places = 12, 3
	cases := map[string]struct {
		hold time.Duration
		// first is the member's first host call; they return when all n
		// members have started, unless gated
		first func(ctx context.Context, h agent.Host, started *atomic.Int32) error
		gated bool // the first calls wait for the test to open the gate
	}{
		"a model call holds its place until answered": {hold: time.Hour, gated: true,
			first: func(ctx context.Context, h agent.Host, _ *atomic.Int32) error {
				_, err := h.Generate(ctx, agent.GenerateRequest{Messages: []model.Message{{Role: model.RoleUser, Content: "x"}}})
				return err
			}},
		"a tool call frees its place when it is made": {hold: time.Hour,
			first: func(ctx context.Context, h agent.Host, _ *atomic.Int32) error {
				_, err := h.CallTool(ctx, model.ToolCall{ID: "1", Function: "read_messages"})
				return err
			}},
		"a member making no call frees its place after the hold": {hold: 20 * time.Millisecond,
			first: func(_ context.Context, _ agent.Host, started *atomic.Int32) error {
				waitFor(func() bool { return started.Load() == n })
				return nil
			}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var started atomic.Int32
			gate := make(chan struct{})
			host := &recordingHost{
				generate: func(context.Context, agent.GenerateRequest) (agent.GenerateResponse, error) {
					<-gate
					return agent.GenerateResponse{Output: model.TextOutput("m", "ok")}, nil
				},
				callTool: func(context.Context, model.ToolCall) (agent.ToolResult, error) {
					waitFor(func() bool { return started.Load() == n }) // as a read waits for a message
					return agent.ToolResult{Content: "ok"}, nil
				},
			}
			c := pacedProbe(t, places, tc.hold, func(ctx context.Context, req agent.RunRequest, resp *agent.RunResponse) error {
				started.Add(1)
				resp.Output = model.TextOutput("m", req.Member)
				return tc.first(ctx, req.Host, &started)
			})
			if tc.gated {
				go func() {
					waitFor(func() bool { return started.Load() == places })
					time.Sleep(50 * time.Millisecond) // room for a start beyond the window to show
					assert.Equal(t, int32(places), started.Load(), "members started while every first call waits")
					close(gate)
				}()
			} else {
				close(gate)
			}
			out := runAll(t, c, n, host)
			for i, o := range out {
				assert.Equal(t, fmt.Sprint("m", i), o)
			}
			assert.Equal(t, int32(n), started.Load())
		})
	}
}

// TestStartWindowCancelled: a member cancelled while it waits for a place
// returns at once, cancelled, and never starts in the plugin.
func TestStartWindowCancelled(t *testing.T) {
	t.Parallel()
	var started atomic.Int32
	gate := make(chan struct{})
	defer close(gate)
	host := &recordingHost{generate: func(context.Context, agent.GenerateRequest) (agent.GenerateResponse, error) {
		<-gate
		return agent.GenerateResponse{Output: model.TextOutput("m", "ok")}, nil
	}}
	c := pacedProbe(t, 1, time.Hour, func(ctx context.Context, req agent.RunRequest, _ *agent.RunResponse) error {
		started.Add(1)
		_, err := req.Host.Generate(ctx, agent.GenerateRequest{Messages: []model.Message{{Role: model.RoleUser, Content: "x"}}})
		return err
	})
	go func() {
		_ = c.Agent("probe").Run(context.Background(), agent.RunRequest{Member: "holder", Host: host}, &agent.RunResponse{})
	}()
	waitFor(func() bool { return started.Load() == 1 })
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	err := c.Agent("probe").Run(ctx, agent.RunRequest{Member: "waiter", Host: host}, &agent.RunResponse{})
	assert.EqualError(t, err, "agent probe run: context canceled", "as a member cancelled once started")
	assert.Equal(t, int32(1), started.Load(), "the cancelled member never started")
}

// TestStartPlace: a place leaves once whatever frees it, and a nil place
// (none taken) does nothing.
func TestStartPlace(t *testing.T) {
	t.Parallel()
	p := newPace(1, time.Hour)
	sp, err := p.enter(context.Background(), nil)
	require.NoError(t, err)
	sp.callArrived(pb.AgentHost_Generate_FullMethodName)
	assert.Len(t, p.places, 1, "a model call keeps the place")
	sp.callArrived(pb.AgentHost_CallTool_FullMethodName)
	sp.leave()
	sp.leave()
	assert.Empty(t, p.places, "freed once")
	var none *startPlace
	none.leave()
	none.callArrived(pb.AgentHost_CallTool_FullMethodName)
	done := make(chan struct{})
	close(done)
	sp, err = newPace(0, time.Hour).enter(context.Background(), done)
	assert.Nil(t, sp, "a broken stream gives no place")
	assert.NoError(t, err)
}

// waitFor polls cond until it holds.
func waitFor(cond func() bool) {
	for !cond() {
		time.Sleep(time.Millisecond)
	}
}
