package scorer

import (
	"context"

	"github.com/swarmhost/swarmhost/sdk/base"
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

// ExecRequest is one command in a sandbox view; its Sandbox is a
// member's sandbox name from the record ("" is the sample's shared one).
type ExecRequest = base.ExecRequest

// ExecResult is what the command did.
type ExecResult = base.ExecResult
