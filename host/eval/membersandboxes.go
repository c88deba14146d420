package eval

import (
	"context"
	"fmt"
	"slices"

	"github.com/swarmhost/swarmhost/host/agenttools"
	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/host/swarm"
	"github.com/swarmhost/swarmhost/sdk/agent"
)

// memberSandboxes is a member's swarm.Sandboxes: its own sandbox (or the
// sample's shared one) as "", and the sandboxes visible to it by name —
// the same ones its tools reach.
type memberSandboxes struct {
	own     sandbox.Env
	visible map[string]sandbox.Env
}

var _ swarm.Sandboxes = (*memberSandboxes)(nil)

// Names lists "" then the visible sandboxes, sorted.
func (m *memberSandboxes) Names() []string {
	names := []string{""}
	for name := range m.visible {
		names = append(names, name)
	}
	slices.Sort(names[1:])
	return names
}

func (m *memberSandboxes) env(name string) (sandbox.Env, error) {
	if name == "" || (m.own != nil && name == m.own.Name()) {
		return m.own, nil
	}
	if env, ok := m.visible[name]; ok {
		return env, nil
	}
	return nil, fmt.Errorf("no sandbox %q for this member (it may reach: %q)", name, m.Names())
}

// Exec runs a command, bounded by agenttools.ToolTimeout as a tool call is.
func (m *memberSandboxes) Exec(ctx context.Context, req agent.ExecRequest) (agent.ExecResult, error) {
	return sandboxCalls(m.env).exec(ctx, req)
}

// ReadFile reads a file.
func (m *memberSandboxes) ReadFile(ctx context.Context, name, path string) ([]byte, error) {
	return sandboxCalls(m.env).readFile(ctx, name, path)
}

// WriteFile writes a file.
func (m *memberSandboxes) WriteFile(ctx context.Context, name, path string, content []byte) error {
	return sandboxCalls(m.env).writeFile(ctx, name, path, content)
}

// sandboxCalls are an agent's sandbox calls (a member's, or an Inspect
// task's setup steps') on the sandbox it finds by name.
type sandboxCalls func(name string) (sandbox.Env, error)

// exec runs a command, bounded by agenttools.ToolTimeout as a tool call is.
func (f sandboxCalls) exec(ctx context.Context, req agent.ExecRequest) (agent.ExecResult, error) {
	env, err := f(req.Sandbox)
	if err != nil {
		return agent.ExecResult{}, err
	}
	timeout := req.Timeout
	if timeout <= 0 || timeout > agenttools.ToolTimeout {
		timeout = agenttools.ToolTimeout
	}
	res, err := env.Exec(ctx, sandbox.ExecRequest{Command: req.Command, Input: req.Input, Timeout: timeout, Env: req.Env})
	return agent.ExecResult{ExitCode: res.ExitCode, Stdout: res.Stdout, Stderr: res.Stderr, TimedOut: res.TimedOut}, err
}

func (f sandboxCalls) readFile(ctx context.Context, name, path string) ([]byte, error) {
	env, err := f(name)
	if err != nil {
		return nil, err
	}
	return env.ReadFile(ctx, path)
}

func (f sandboxCalls) writeFile(ctx context.Context, name, path string, content []byte) error {
	env, err := f(name)
	if err != nil {
		return err
	}
	return env.WriteFile(ctx, path, content)
}
