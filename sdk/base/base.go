// Package base holds what the plugin kinds share: the calls every kind
// answers (Metadata: name, version, config schema; the optional config
// validation), the sample a call works for, and a command run in a
// sandbox, which agents and scorers both ask the host for. The kind
// packages ([agent], [controller], [scorer]) re-export these types under
// their own names; plugin authors rarely import base directly.
//
// [agent]: github.com/swarmhost/swarmhost/sdk/agent
// [controller]: github.com/swarmhost/swarmhost/sdk/controller
// [scorer]: github.com/swarmhost/swarmhost/sdk/scorer
package base

import (
	"time"

	"github.com/swarmhost/swarmhost/sdk/diag"
	"github.com/swarmhost/swarmhost/sdk/schema"
)

// MetadataRequest is empty; it exists so the call can grow.
type MetadataRequest struct{}

// MetadataResponse describes a plugin. The host calls Metadata once per run,
// before decoding the plugin's config block.
type MetadataResponse struct {
	// Name is the plugin's name as used in HCL labels (e.g. "match").
	Name string
	// Version is the plugin's own version, e.g. "1.2.0".
	Version string
	// Description is one line shown by `swarmhost plugins`.
	Description string
	// Schema describes the plugin's config block.
	Schema schema.Schema
	// Capabilities lists optional features the plugin supports.
	Capabilities []string
}

// ValidateConfigRequest carries a decoded config block.
type ValidateConfigRequest struct {
	Config schema.Config
}

// ValidateConfigResponse returns problems with the config; a diagnostic's
// Path points at the attribute inside the block.
type ValidateConfigResponse struct {
	Diagnostics diag.Diagnostics
}

// SampleRef names the sample and epoch a call works for.
type SampleRef struct {
	ID    string
	Epoch int
}

// ExecRequest is one command the host runs in a sandbox for a plugin: an
// agent's own (agent.SandboxHost) or a scorer's read-only view of a
// member's (scorer.Host).
type ExecRequest struct {
	// Sandbox names the sandbox; "" is the caller's default: an agent's
	// own (or the sample's shared one), the sample's shared one for a
	// scorer.
	Sandbox string
	// Command is the program and its arguments.
	Command []string
	// Input is the command's standard input.
	Input string
	// Timeout ends the command; 0 is the host's default.
	Timeout time.Duration
	// Env holds KEY=value entries added to the command's environment.
	Env []string
}

// ExecResult is how a command ended.
type ExecResult struct {
	ExitCode int
	Stdout   string
	Stderr   string
	// TimedOut reports that the request's timeout ended the command.
	TimedOut bool
}

// Success reports a zero exit code.
func (r ExecResult) Success() bool { return r.ExitCode == 0 }
