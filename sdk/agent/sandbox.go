package agent

import (
	"context"
	"errors"

	"github.com/swarmhost/swarmhost/sdk/base"
)

// SandboxHost is the optional part of a Host that reaches the member's
// sandboxes directly, for agents that bring their own
// sandbox API (an Inspect agent's sandbox()). The host applies the same
// limits, views and isolation as to the member's tools.
type SandboxHost interface {
	// SandboxNames lists the sandboxes the member may reach: its own (or
	// the sample's shared one) first, as "", then those visible to it.
	SandboxNames(ctx context.Context) ([]string, error)
	// SandboxExec runs a command in one of them.
	SandboxExec(ctx context.Context, req ExecRequest) (ExecResult, error)
	// SandboxReadFile returns a file's content.
	SandboxReadFile(ctx context.Context, sandbox, path string) ([]byte, error)
	// SandboxWriteFile writes a file, creating its parent directories.
	SandboxWriteFile(ctx context.Context, sandbox, path string, content []byte) error
}

// ExecRequest is one command in one of the member's sandboxes ("" is its
// own, or the sample's shared one).
type ExecRequest = base.ExecRequest

// ExecResult is how the command ended.
type ExecResult = base.ExecResult

// ErrNoSandboxHost is the error of a Host without sandbox calls.
var ErrNoSandboxHost = errors.New("agent: the host does not serve sandbox calls to this member")

// Sandboxes returns h's sandbox calls, or ErrNoSandboxHost (a test's fake
// Host without them).
func Sandboxes(h Host) (SandboxHost, error) {
	s, ok := h.(SandboxHost)
	if !ok {
		return nil, ErrNoSandboxHost
	}
	return s, nil
}
