package hostside

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/internal/protocol"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// everyCall makes each host call once and answers with what it saw.
func everyCall(ctx context.Context, req agent.RunRequest, resp *agent.RunResponse) error {
	h := req.Host
	var seen []string
	note := func(format string, args ...any) { seen = append(seen, fmt.Sprintf(format, args...)) }
	g, err := h.Generate(ctx, agent.GenerateRequest{Messages: req.Input, Config: map[string]any{"seed": 1.0}})
	if err != nil {
		return err
	}
	note("generate: %s", g.Output.Completion)
	tools, err := h.ListTools(ctx)
	note("tools: %d %v", len(tools), err)
	res, err := h.CallTool(ctx, model.ToolCall{ID: "1", Function: "exec", Arguments: map[string]any{"x": 1.0}})
	note("tool: %s %v", res.Content, err)
	_, err = h.CallTool(ctx, model.ToolCall{ID: "2", Function: "refused"})
	note("refused: %v", errors.Is(err, agent.ErrRefused))
	v, err := h.Submit(ctx, "right")
	note("submit: %v %v %v", v.Checked, v.Passed, err)
	note("log: %v", h.Log(ctx, "info", "hello", map[string]any{"k": "v"}))
	b, err := agent.ReadBudget(ctx, h)
	note("budget: %s %v %v", b.Split, b.Tokens.Used, err)
	note("record: %v", agent.RecordTool(ctx, h, model.ToolCall{ID: "3", Function: "own"}, agent.ToolResult{Content: "did"}))
	note("stop self: %v", agent.StopSelf(ctx, h, "done"))
	resp.Output = model.TextOutput("m", strings.Join(seen, "\n"))
	return nil
}

// TestMemberHostCalls: every host call crosses the member stream with its
// answer, and the metadata is the agent's own, with the member stream's
// capability that host v0.1.0 needs to use the stream.
func TestMemberHostCalls(t *testing.T) {
	t.Parallel()
	c := servedProbe(t, everyCall)
	ctx := context.Background()
	infos, err := c.Plugins(ctx)
	require.NoError(t, err)
	assert.Equal(t, []string{"own", protocol.CapabilityMemberStream}, infos[0].Capabilities)
	host := &recordingHost{}
	var resp agent.RunResponse
	require.NoError(t, c.Agent("probe").Run(ctx, agent.RunRequest{Member: "a",
		Input: []model.Message{{Role: model.RoleUser, Content: "hi"}}, Host: host}, &resp))
	assert.Equal(t, strings.Join([]string{"generate: said hi", "tools: 1 <nil>", "tool: ran exec <nil>",
		"refused: true", "submit: true true <nil>", "log: <nil>", "budget: pool 7 <nil>", "record: <nil>",
		"stop self: <nil>"}, "\n"),
		resp.Output.Completion)
	assert.Equal(t, []string{"generate 1", "list tools", "tool exec", "tool refused", "submit right",
		"log info hello", "budget", "record own did", "stop self done"}, host.Calls())
}

// TestMemberErrors: how a member's failure reads on the host.
func TestMemberErrors(t *testing.T) {
	t.Parallel()
	runs := map[string]struct {
		run  func(context.Context, agent.RunRequest, *agent.RunResponse) error
		want string
	}{
		"an error": {run: func(context.Context, agent.RunRequest, *agent.RunResponse) error {
			return errors.New("step 2 (generate): no luck")
		}, want: "agent probe run: step 2 (generate): no luck"},
		"a panic": {run: func(context.Context, agent.RunRequest, *agent.RunResponse) error {
			panic("boom")
		}, want: "agent probe run: plugin panicked: boom"},
		"a host error passed on": {run: func(ctx context.Context, req agent.RunRequest, _ *agent.RunResponse) error {
			_, err := req.Host.Generate(ctx, agent.GenerateRequest{})
			return err
		}, want: "agent probe run: generate: no model"},
	}
	for name, tc := range runs {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c := servedProbe(t, tc.run)
			host := &recordingHost{generate: func(context.Context, agent.GenerateRequest) (agent.GenerateResponse, error) {
				return agent.GenerateResponse{}, errors.New("no model")
			}}
			var resp agent.RunResponse
			err := c.Agent("probe").Run(context.Background(), agent.RunRequest{Member: "a", Host: host}, &resp)
			require.Error(t, err)
			assert.True(t, strings.HasPrefix(err.Error(), tc.want), "%q does not start with %q", err, tc.want)
		})
	}
}

// TestMemberUnknownAgent: a start naming an agent the binary does not
// serve fails the member, as Run does.
func TestMemberUnknownAgent(t *testing.T) {
	t.Parallel()
	c := servedProbe(t, everyCall)
	err := c.Agent("other").Run(context.Background(), agent.RunRequest{Host: &recordingHost{}}, &agent.RunResponse{})
	require.EqualError(t, err, `agent other run: this binary serves no plugin named "other"`)
}

// TestMemberCancelReachesThePlugin: cancelling the member's context on
// the host cancels the agent's, and Run returns at once.
func TestMemberCancelReachesThePlugin(t *testing.T) {
	t.Parallel()
	started, cancelled := make(chan struct{}), make(chan error, 1)
	c := servedProbe(t, func(ctx context.Context, _ agent.RunRequest, _ *agent.RunResponse) error {
		close(started)
		<-ctx.Done()
		cancelled <- ctx.Err()
		return ctx.Err()
	})
	ctx, cancel := context.WithCancel(context.Background())
	ran := make(chan error, 1)
	go func() {
		ran <- c.Agent("probe").Run(ctx, agent.RunRequest{Host: &recordingHost{}}, &agent.RunResponse{})
	}()
	<-started
	cancel()
	assert.ErrorIs(t, <-cancelled, context.Canceled, "the agent's context")
	assert.EqualError(t, <-ran, "agent probe run: context canceled")
}

// TestMemberCallCancelReachesTheHost: an agent that gives up on a host
// call (its own context) cancels the host's work on it.
func TestMemberCallCancelReachesTheHost(t *testing.T) {
	t.Parallel()
	arrived, hostSaw := make(chan struct{}), make(chan error, 1)
	host := &recordingHost{generate: func(ctx context.Context, _ agent.GenerateRequest) (agent.GenerateResponse, error) {
		close(arrived)
		<-ctx.Done()
		hostSaw <- ctx.Err()
		return agent.GenerateResponse{}, ctx.Err()
	}}
	c := servedProbe(t, func(ctx context.Context, req agent.RunRequest, resp *agent.RunResponse) error {
		callCtx, cancel := context.WithCancel(ctx)
		go func() {
			<-arrived
			cancel()
		}()
		_, err := req.Host.Generate(callCtx, agent.GenerateRequest{})
		resp.Output = model.TextOutput("m", fmt.Sprintf("canceled: %v", errors.Is(err, context.Canceled) ||
			strings.Contains(fmt.Sprint(err), "context canceled")))
		return nil
	})
	var resp agent.RunResponse
	require.NoError(t, c.Agent("probe").Run(context.Background(), agent.RunRequest{Host: host}, &resp))
	assert.Equal(t, "canceled: true", resp.Output.Completion)
	assert.ErrorIs(t, <-hostSaw, context.Canceled, "the host call's context")
}

// TestMemberConcurrentCalls: one member's concurrent host calls are served
// concurrently: the first waits for the second to arrive.
func TestMemberConcurrentCalls(t *testing.T) {
	t.Parallel()
	second := make(chan struct{})
	host := &recordingHost{callTool: func(ctx context.Context, call model.ToolCall) (agent.ToolResult, error) {
		if call.Function == "first" {
			<-second
		} else {
			close(second)
		}
		return agent.ToolResult{Content: call.Function}, nil
	}}
	c := servedProbe(t, func(ctx context.Context, req agent.RunRequest, resp *agent.RunResponse) error {
		var wg sync.WaitGroup
		got := make([]string, 2)
		for i, name := range []string{"first", "second"} {
			wg.Go(func() {
				res, err := req.Host.CallTool(ctx, model.ToolCall{ID: name, Function: name})
				got[i] = fmt.Sprint(res.Content, err)
			})
		}
		wg.Wait()
		resp.Output = model.TextOutput("m", strings.Join(got, " "))
		return nil
	})
	var resp agent.RunResponse
	require.NoError(t, c.Agent("probe").Run(context.Background(), agent.RunRequest{Host: host}, &resp))
	assert.Equal(t, "first<nil> second<nil>", resp.Output.Completion)
}

// TestManyMembersOneStream: many members at once, each with its own host,
// share one stream; every call reaches its own member's host.
func TestManyMembersOneStream(t *testing.T) {
	t.Parallel()
	const members = 200
	c := servedProbe(t, func(ctx context.Context, req agent.RunRequest, resp *agent.RunResponse) error {
		msgs := req.Input
		for range 3 {
			g, err := req.Host.Generate(ctx, agent.GenerateRequest{Messages: msgs})
			if err != nil {
				return err
			}
			msgs = append(msgs, g.Output.Message)
		}
		if _, err := req.Host.Submit(ctx, req.Member); err != nil {
			return err
		}
		resp.Output = model.TextOutput("m", req.Member+": "+msgs[len(msgs)-1].Content)
		return nil
	})
	hosts := make([]*recordingHost, members)
	outs := make([]string, members)
	var wg sync.WaitGroup
	for i := range members {
		hosts[i] = &recordingHost{}
		wg.Go(func() {
			name := fmt.Sprintf("m%d", i)
			var resp agent.RunResponse
			err := c.Agent("probe").Run(context.Background(), agent.RunRequest{Member: name,
				Input: []model.Message{{Role: model.RoleUser, Content: name}}, Host: hosts[i]}, &resp)
			outs[i] = fmt.Sprint(resp.Output.Completion, err)
		})
	}
	wg.Wait()
	first := c.members.cur
	for i := range members {
		name := fmt.Sprintf("m%d", i)
		assert.Equal(t, name+": said said said "+name+"<nil>", outs[i])
		assert.Equal(t, []string{"generate 1", "generate 2", "generate 3", "submit " + name}, hosts[i].Calls())
	}
	err := c.Agent("probe").Run(context.Background(), agent.RunRequest{Member: "late",
		Input: []model.Message{{Role: model.RoleUser, Content: "x"}}, Host: &recordingHost{}}, &agent.RunResponse{})
	require.NoError(t, err)
	assert.Same(t, first, c.members.cur, "one stream for every member")
}

// TestMemberCallAfterItsEnd: a host call a member's stray goroutine makes
// after Run returned is refused, as an expired token is.
func TestMemberCallAfterItsEnd(t *testing.T) {
	t.Parallel()
	returned, late := make(chan struct{}), make(chan error, 1)
	c := servedProbe(t, func(_ context.Context, req agent.RunRequest, _ *agent.RunResponse) error {
		go func() {
			<-returned
			_, err := req.Host.Generate(context.Background(), agent.GenerateRequest{})
			late <- err
		}()
		return nil
	})
	host := &recordingHost{}
	require.NoError(t, c.Agent("probe").Run(context.Background(), agent.RunRequest{Host: host}, &agent.RunResponse{}))
	close(returned)
	assert.EqualError(t, <-late, "generate: unknown or expired member token")
	assert.Empty(t, host.Calls())
}

// TestMemberStreamBreaks: when the plugin's side goes away mid-run, every
// member on the stream ends with an error, and a later member opens a new
// stream rather than waiting on the broken one.
func TestMemberStreamBreaks(t *testing.T) {
	t.Parallel()
	started := make(chan struct{}, 2)
	c := servedProbe(t, func(ctx context.Context, _ agent.RunRequest, _ *agent.RunResponse) error {
		started <- struct{}{}
		<-ctx.Done()
		return ctx.Err()
	})
	ran := make(chan error, 2)
	for range 2 {
		go func() {
			ran <- c.Agent("probe").Run(context.Background(), agent.RunRequest{Host: &recordingHost{}}, &agent.RunResponse{})
		}()
	}
	<-started
	<-started
	c.members.mu.Lock()
	broken := c.members.cur
	c.members.mu.Unlock()
	broken.cancel() // the stream's context: as if the connection dropped
	for range 2 {
		err := <-ran
		require.Error(t, err)
		assert.Contains(t, err.Error(), "agent probe run: ")
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-started
		cancel()
	}()
	err := c.Agent("probe").Run(ctx, agent.RunRequest{Host: &recordingHost{}}, &agent.RunResponse{})
	assert.EqualError(t, err, "agent probe run: context canceled")
	assert.NotSame(t, broken, c.members.cur, "a new stream")
}

// TestHostCallSizeLimitsOnBothTransports: the host's size limits hold on
// the member stream as on the broker, with the same errors.
func TestHostCallSizeLimitsOnBothTransports(t *testing.T) {
	t.Parallel()
	for name, tc := range sizeLimitCases() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c := servedProbe(t, func(ctx context.Context, req agent.RunRequest, resp *agent.RunResponse) error {
				resp.Output = model.TextOutput("m", fmt.Sprint(tc.call(ctx, req.Host)))
				return nil
			})
			host := &countingHost{}
			var resp agent.RunResponse
			require.NoError(t, c.Agent("probe").Run(context.Background(), agent.RunRequest{Host: host}, &resp))
			assert.Equal(t, tc.reached, host.calls.Load() == 1, "reached the host")
			if tc.want == "" {
				assert.Equal(t, "<nil>", resp.Output.Completion)
				return
			}
			assert.Contains(t, resp.Output.Completion, tc.want)
		})
	}
}
