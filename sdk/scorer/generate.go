package scorer

import (
	"context"
	"errors"

	"github.com/swarmhost/swarmhost/sdk/model"
)

// Generator is the optional part of a [Host] through which a scorer calls
// the model its scorer block names (the block's `model` attribute): the host
// meters, limits and logs the call in the sample being scored. Scorers call
// it through [Generate]; the SDK's RPC layer and the host's views implement
// it.
type Generator interface {
	// Generate makes one model call. A refusal by the host (a limit) is an
	// error matching agent.ErrRefused.
	Generate(ctx context.Context, req GenerateRequest) (GenerateResponse, error)
}

// GenerateRequest is one model call (the agent's GenerateRequest, field for
// field).
type GenerateRequest struct {
	Messages []model.Message
	Tools    []model.ToolInfo
	// ToolChoice is "auto" (default), "none", "any" or a tool name.
	ToolChoice string
	// Config overrides the model's generate config for this call, by
	// Inspect's GenerateConfig names.
	Config map[string]any
}

// GenerateResponse carries the model's output.
type GenerateResponse struct {
	Output model.Output
}

// ErrNoModel is returned by [Generate] when the host offers no model: the
// scorer block names none, or the host predates scorer model calls.
var ErrNoModel = errors.New("scorer: no model for this scorer (set `model` in the scorer block)")

// Generate calls the scorer's model through host, or returns [ErrNoModel].
func Generate(ctx context.Context, host Host, req GenerateRequest) (GenerateResponse, error) {
	g, ok := host.(Generator)
	if !ok {
		return GenerateResponse{}, ErrNoModel
	}
	return g.Generate(ctx, req)
}
