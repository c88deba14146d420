package scorer

import (
	"context"

	"github.com/swarmhost/swarmhost/sdk/base"
	"github.com/swarmhost/swarmhost/sdk/diag"
	"github.com/swarmhost/swarmhost/sdk/model"
	"github.com/swarmhost/swarmhost/sdk/schema"
)

// Scorer is implemented by scorer plugin authors and, on the host side, by
// the RPC client that proxies calls to the plugin process.
type Scorer interface {
	Metadata(ctx context.Context, req MetadataRequest, resp *MetadataResponse)
	Score(ctx context.Context, req ScoreRequest, resp *ScoreResponse) error
}

// WithValidateConfig is an optional interface for scorers that check their
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
)

// Sample is the dataset row being scored.
type Sample struct {
	ID      string
	Epoch   int
	Input   []model.Message
	Target  []string
	Choices []string
	// Metadata from the dataset row.
	Metadata map[string]any
}

// ScoreRequest is everything a scorer may look at.
type ScoreRequest struct {
	Config schema.Config
	Sample Sample
	// Output is the swarm's output (the chosen member's, unchanged), or the
	// candidate answer during a gate check.
	Output model.Output
	// Messages are the sample's messages: input, then the answer's message.
	Messages []model.Message
	// Record is a snapshot of the swarm's result record; empty when
	// Omitted has ReadsRecord (prefer [ScoreRequest.ReadRecord], which then
	// says so).
	Record Record
	// Store is a snapshot of the sample store, values as JSON; nil when
	// Omitted has ReadsStore (prefer [ScoreRequest.ReadStore], which then
	// says so).
	Store map[string][]byte
	// Omitted names the snapshots the host left out because the scorer
	// declared ([WithReads]) it does not read them. Zero (nothing left
	// out) for a scorer without WithReads.
	Omitted Reads
	// Sandboxes names every sandbox of the sample Host reaches, each a
	// read-only view: "" (the sample's shared sandbox; during a gate check
	// the member's own) first, then each member's own and the task's other
	// compose services (a comparator, say), in the task's order. Nil from a
	// host that predates it (v0.1.0), where the record's member sandboxes
	// are the names known.
	Sandboxes []string
	// Host is the read-only view onto members' sandboxes.
	Host Host
}

// ScoreResponse carries the verdict.
type ScoreResponse struct {
	Score       Score
	Diagnostics diag.Diagnostics
}
