package agent

import (
	"context"

	"github.com/swarmhost/swarmhost/sdk/base"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/schema"
)

// Agent is implemented by agent plugin authors and, on the host side, by the
// RPC client that proxies calls to the plugin process.
type Agent interface {
	// Metadata describes the plugin; see [base.MetadataResponse].
	Metadata(ctx context.Context, req MetadataRequest, resp *MetadataResponse)
	// Run runs one member to its end.
	Run(ctx context.Context, req RunRequest, resp *RunResponse) error
}

// WithValidateConfig is an optional interface for agents that check their
// config beyond what the schema expresses.
type WithValidateConfig interface {
	ValidateConfig(ctx context.Context, req ValidateConfigRequest, resp *ValidateConfigResponse)
}

// Shared request and response types; see package base.
type (
	MetadataRequest        = base.MetadataRequest
	MetadataResponse       = base.MetadataResponse
	ValidateConfigRequest  = base.ValidateConfigRequest
	ValidateConfigResponse = base.ValidateConfigResponse
	SampleRef              = base.SampleRef
)

// RunRequest is what the host knows about the member it asks the agent to run.
type RunRequest struct {
	// Member is the roster name, e.g. "react-2".
	Member string
	// Role is the member's role, "" when none.
	Role string
	// Index is the 1-based copy index within the member block's count.
	Index int
	// Input is the controller's start input, else the sample input, then
	// the host's preamble as its last message (a user message), as Inspect
	// Swarm places it. Agents use Input as it is.
	Input []model.Message
	// Preamble is the host-written text already at the end of Input: name,
	// role, roster size, budget split, own sandbox and each channel's
	// instructions. It is given apart for agents that want to read it; do
	// not add it to the conversation again ("" when there is none).
	Preamble string
	// Config is the member's decoded `config` block.
	Config schema.Config
	// Sample names the sample and epoch.
	Sample SampleRef
	// Metadata is the sample's metadata (Inspect's Sample.metadata; for an
	// Inspect task, as its setup steps left it), as Inspect's agents see it
	// on their TaskState; nil when the sample has none.
	Metadata map[string]any
	// Host is the member's connection to the host; valid until Run returns.
	Host Host
}

// RunResponse carries the member's answer.
type RunResponse struct {
	// Output is the member's final model output; its Completion is the
	// answer. It is used unchanged as the swarm's output when chosen.
	Output model.Output
}
