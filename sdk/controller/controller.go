package controller

import (
	"context"

	"github.com/swarmhost/swarmhost/sdk/base"
	"github.com/swarmhost/swarmhost/sdk/schema"
)

// WithValidateConfig is an optional interface for controllers that check
// their config beyond what the schema expresses.
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

// Member is one roster entry as the controller sees it.
type Member struct {
	Name  string
	Role  string
	Agent string
	// Index is the 1-based copy index within its member block.
	Index int
	// State is StatePending, StateRunning or StateEnded.
	State MemberState
	// Status is "" until ended, then e.g. StatusSubmitted or StatusStopped.
	Status Status
}

// StartRequest opens a session.
type StartRequest struct {
	Session string
	Config  schema.Config
	Roster  []Member
	Sample  SampleRef
}

// StartResponse carries the first actions and the final mode.
type StartResponse struct {
	Actions []Action
	// FinalMode is the rule that picks the answer when the controller
	// chooses none: FinalFirst (default when empty) or FinalLast.
	FinalMode FinalMode
	// Answers opts in to the richer view, a swarmhost extension: submission
	// events carry the answer text and gate verdict, and the host calls
	// Choose after each submission and member_ended event until the
	// controller has chosen. Without it a controller sees names, roles,
	// states and statuses only, as in Inspect Swarm, and chooses (if at all)
	// with ActionChoose.
	Answers bool
}
