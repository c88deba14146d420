package swarm

import (
	"context"

	"github.com/swarmhost/swarmhost/sdk/agent"
)

// sandboxes is the member's Sandboxes, or agent.ErrNoSandboxHost.
func (h *memberHost) sandboxes() (Sandboxes, error) {
	if h.m.spec.Sandboxes == nil {
		return nil, agent.ErrNoSandboxHost
	}
	return h.m.spec.Sandboxes, nil
}

// SandboxNames lists the member's sandboxes.
func (h *memberHost) SandboxNames(context.Context) ([]string, error) {
	sb, err := h.sandboxes()
	if err != nil {
		return nil, err
	}
	return sb.Names(), nil
}

// SandboxExec runs a command in one of the member's sandboxes while the
// member runs (a stopped member's call is refused as its tool calls are).
func (h *memberHost) SandboxExec(ctx context.Context, req agent.ExecRequest) (agent.ExecResult, error) {
	sb, err := h.sandboxes()
	if err != nil {
		return agent.ExecResult{}, err
	}
	ctx, end, err := h.r.beginToolCall(ctx, h.m)
	if err != nil {
		return agent.ExecResult{}, err
	}
	defer end()
	return sb.Exec(ctx, req)
}

// SandboxReadFile reads a file in one of the member's sandboxes while the
// member runs.
func (h *memberHost) SandboxReadFile(ctx context.Context, sandbox, path string) ([]byte, error) {
	sb, err := h.sandboxes()
	if err != nil {
		return nil, err
	}
	ctx, end, err := h.r.beginToolCall(ctx, h.m)
	if err != nil {
		return nil, err
	}
	defer end()
	return sb.ReadFile(ctx, sandbox, path)
}

// SandboxWriteFile writes a file in one of the member's sandboxes while the
// member runs: from its end to its scoring, its sandboxes hold what it left
// (issue 27: an agent that kept writing after its end, through the calls
// its plugin still held, chose what an exec scorer ran).
func (h *memberHost) SandboxWriteFile(ctx context.Context, sandbox, path string, content []byte) error {
	sb, err := h.sandboxes()
	if err != nil {
		return err
	}
	ctx, end, err := h.r.beginToolCall(ctx, h.m)
	if err != nil {
		return err
	}
	defer end()
	return sb.WriteFile(ctx, sandbox, path, content)
}

var _ agent.SandboxHost = (*memberHost)(nil)
