package agent

import (
	"context"
	"errors"
	"time"
)

// SandboxHost is the optional part of a Host that reaches the member's
// sandboxes directly (protocol 1.2), for agents that bring their own
// sandbox API (an Inspect agent's sandbox()). The host applies the same
// limits, views and isolation as to the member's tools.
type SandboxHost interface {
	// SandboxNames lists the sandboxes the member may reach: its own (or
	// the sample's shared one) first, as "", then those visible to it.
	SandboxNames(ctx context.Context) ([]string, error)
	// SandboxExec runs a command in one of them.
	SandboxExec(ctx context.Context, req SandboxExecRequest) (SandboxExecResult, error)
	// SandboxReadFile returns a file's content.
	SandboxReadFile(ctx context.Context, sandbox, path string) ([]byte, error)
	// SandboxWriteFile writes a file, creating its parent directories.
	SandboxWriteFile(ctx context.Context, sandbox, path string, content []byte) error
}

// SandboxExecRequest is one command in a member's sandbox.
type SandboxExecRequest struct {
	// Sandbox is "" for the member's own.
	Sandbox string
	Command []string
	Input   string
	// Timeout ends the command; 0 is the host's default.
	Timeout time.Duration
	// Env holds KEY=value entries added to the command's environment.
	Env []string
}

// SandboxExecResult is how the command ended.
type SandboxExecResult struct {
	ExitCode       int
	Stdout, Stderr string
	TimedOut       bool
}

// ErrNoSandboxHost is the error of a Host without sandbox calls.
var ErrNoSandboxHost = errors.New("agent: the host does not serve sandbox calls to this member")

// Sandboxes returns h's sandbox calls, or ErrNoSandboxHost.
func Sandboxes(h Host) (SandboxHost, error) {
	s, ok := h.(SandboxHost)
	if !ok {
		return nil, ErrNoSandboxHost
	}
	return s, nil
}
