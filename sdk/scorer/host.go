package scorer

import (
	"context"
	"time"
)

// Host is a scorer's read-only view of members' sandboxes, implemented by the
// SDK's RPC layer. Sandbox names come from the record's member Sandbox field;
// "" is the sample's shared sandbox.
type Host interface {
	// ReadFile returns a file's content from a sandbox.
	ReadFile(ctx context.Context, sandbox, path string) ([]byte, error)
	// ListFiles lists files under dir (relative paths, recursively).
	ListFiles(ctx context.Context, sandbox, dir string) ([]string, error)
	// Exec runs a command in a throw-away view of the sandbox: its writes
	// never reach the member's files.
	Exec(ctx context.Context, req ExecRequest) (ExecResult, error)
}

// ExecRequest is one command in a sandbox view.
type ExecRequest struct {
	Sandbox string
	Command []string
	Input   string
	// Timeout bounds the command; zero means the host's default.
	Timeout time.Duration
	// Env adds KEY=value entries to the command's environment.
	Env []string
}

// ExecResult is what the command did.
type ExecResult struct {
	ExitCode int
	Stdout   string
	Stderr   string
	// TimedOut reports that the request's timeout ended the command.
	TimedOut bool
}

// Success reports a zero exit code.
func (r ExecResult) Success() bool { return r.ExitCode == 0 }
