package swarm

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/swarmhost/swarmhost/sdk/agent"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// recordingSandboxes is a member's swarm.Sandboxes that records what
// reached it.
type recordingSandboxes struct {
	mu     sync.Mutex
	writes []string
	reads  []string
	execs  int
}

func (s *recordingSandboxes) Names() []string { return []string{""} }

func (s *recordingSandboxes) Exec(context.Context, agent.ExecRequest) (agent.ExecResult, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.execs++
	return agent.ExecResult{}, nil
}

func (s *recordingSandboxes) ReadFile(_ context.Context, _, path string) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reads = append(s.reads, path)
	return nil, nil
}

func (s *recordingSandboxes) WriteFile(_ context.Context, _, path string, _ []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.writes = append(s.writes, path)
	return nil
}

// keepHost keeps the member's host for after its end, as an agent plugin
// that holds its connection does.
func keepHost(into *agent.Host) step {
	return func(_ context.Context, r *scriptRun) (bool, error) {
		*into = r.req.Host
		return false, nil
	}
}

// TestEndedMemberCannotReachItsSandbox: a member that kept its host past
// its end (issue 27: it went on replacing /bin/sh until the exec scorer
// ran) is refused every sandbox call — exec, write and read — so the
// sandbox holds what it left at its end. Its calls while running reach the
// sandbox.
func TestEndedMemberCannotReachItsSandbox(t *testing.T) {
	t.Parallel()
	sbx := &recordingSandboxes{}
	var kept agent.Host
	write := func(path string) step {
		return func(ctx context.Context, r *scriptRun) (bool, error) {
			sh, err := agent.Sandboxes(r.req.Host)
			if err != nil {
				return false, err
			}
			return false, sh.SandboxWriteFile(ctx, "", path, []byte("ok"))
		}
	}
	ag := newAgent(map[string][]step{"a": {keepHost(&kept), write("work.txt"), answer("A")}})
	members := roster(ag, newMock(t, "m"), "a")
	members[0].Sandboxes = sbx
	res := run(t, context.Background(), Spec{Members: members, Controller: &testController{}}, Hooks{})
	require.NoError(t, res.Error)
	require.NotNil(t, kept)
	sh, err := agent.Sandboxes(kept)
	require.NoError(t, err)
	ctx := context.Background()
	tests := map[string]func() error{
		"write /bin/sh": func() error { return sh.SandboxWriteFile(ctx, "", "/bin/sh", []byte("#!/bin/true")) },
		"exec":          func() error { _, err := sh.SandboxExec(ctx, agent.ExecRequest{Command: []string{"true"}}); return err },
		"read":          func() error { _, err := sh.SandboxReadFile(ctx, "", "work.txt"); return err },
	}
	for name, call := range tests {
		t.Run(name, func(t *testing.T) {
			assert.ErrorContains(t, call(), "member a has ended")
		})
	}
	sbx.mu.Lock()
	defer sbx.mu.Unlock()
	assert.Equal(t, []string{"work.txt"}, sbx.writes, "only the write made while the member ran reached the sandbox")
	assert.Empty(t, sbx.reads)
	assert.Zero(t, sbx.execs)
}

// TestMemberPastItsLimitCannotReachItsSandbox: once a member's limit has
// been dealt to it (here StopSelf, a custom limit) it is past its end even
// while its agent still runs: its tool and sandbox calls are refused
// (issue 27: after a member limit a member's sandbox writes and tool calls
// still worked until scoring), and its status stays the limit's.
func TestMemberPastItsLimitCannotReachItsSandbox(t *testing.T) {
	t.Parallel()
	sbx := &recordingSandboxes{}
	var errs []error
	stopSelf := func(ctx context.Context, r *scriptRun) (bool, error) {
		return false, r.req.Host.(agent.SelfStopper).StopSelf(ctx, "done with it")
	}
	misbehave := func(ctx context.Context, r *scriptRun) (bool, error) {
		sh, err := agent.Sandboxes(r.req.Host)
		if err != nil {
			return false, err
		}
		errs = append(errs, sh.SandboxWriteFile(ctx, "", "/bin/sh", []byte("#!/bin/true")))
		_, err = sh.SandboxExec(ctx, agent.ExecRequest{Command: []string{"true"}})
		errs = append(errs, err)
		_, err = r.req.Host.CallTool(ctx, model.ToolCall{ID: "c1", Function: "bash"})
		errs = append(errs, err)
		return false, nil
	}
	ag := newAgent(map[string][]step{"a": {stopSelf, misbehave, answer("A")}})
	members := roster(ag, newMock(t, "m"), "a")
	members[0].Sandboxes = sbx
	res := run(t, context.Background(), Spec{Members: members, Controller: &testController{}}, Hooks{})
	require.NoError(t, res.Error)
	require.Len(t, errs, 3)
	for i, err := range errs {
		assert.ErrorContains(t, err, "member a has ended (member_limit:custom)", "call %d", i)
	}
	assert.Equal(t, "member_limit:custom", statuses(res.Record)["a"])
	sbx.mu.Lock()
	defer sbx.mu.Unlock()
	assert.Empty(t, sbx.writes)
	assert.Zero(t, sbx.execs)
}
