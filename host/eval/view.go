package eval

import (
	"context"

	"github.com/swarmhost/swarmhost/host/sandbox"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// scorerView is a scorer's read-only window onto a sample's sandboxes.
type scorerView struct {
	sbs sandbox.Set
	// gen serves the scorer's model calls; nil when its block names no model.
	gen *scorerModel
}

func (v *scorerView) view(name string) (sandbox.EnvView, error) {
	sb, err := v.sbs.Named(name)
	if err != nil {
		return nil, err
	}
	return sb.View(), nil
}

// ReadFile reads a file from a sandbox view.
func (v *scorerView) ReadFile(ctx context.Context, name, path string) ([]byte, error) {
	view, err := v.view(name)
	if err != nil {
		return nil, err
	}
	return view.ReadFile(ctx, path)
}

// ListFiles lists a sandbox view's files.
func (v *scorerView) ListFiles(ctx context.Context, name, dir string) ([]string, error) {
	view, err := v.view(name)
	if err != nil {
		return nil, err
	}
	return view.ListFiles(ctx, dir)
}

// Exec runs a command in a throw-away copy of the sandbox.
func (v *scorerView) Exec(ctx context.Context, req scorer.ExecRequest) (scorer.ExecResult, error) {
	view, err := v.view(req.Sandbox)
	if err != nil {
		return scorer.ExecResult{}, err
	}
	res, err := view.Exec(ctx, sandbox.ExecRequest{Command: req.Command, Input: req.Input, Timeout: req.Timeout,
		Env: req.Env})
	if err != nil {
		return scorer.ExecResult{}, err
	}
	return scorer.ExecResult{ExitCode: res.ExitCode, Stdout: res.Stdout, Stderr: res.Stderr, TimedOut: res.TimedOut}, nil
}

// Generate calls the model the scorer block names (scorer.Generator).
func (v *scorerView) Generate(ctx context.Context, req scorer.GenerateRequest) (scorer.GenerateResponse, error) {
	if v.gen == nil {
		return scorer.GenerateResponse{}, scorer.ErrNoModel
	}
	return v.gen.Generate(ctx, req)
}

var (
	_ scorer.Host      = (*scorerView)(nil)
	_ scorer.Generator = (*scorerView)(nil)
)
