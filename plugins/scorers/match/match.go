package main

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/swarmhost/swarmhost/plugins/scorers/internal/strmatch"
	"github.com/swarmhost/swarmhost/sdk/diag"
	"github.com/swarmhost/swarmhost/sdk/schema"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// Match is Inspect AI's match() scorer: is the target at the beginning, at
// the end, anywhere in, or exactly the completion; or, with numeric, is the
// number there equal to the target number. The host calls Metadata once,
// ValidateConfig once per scorer block and Score after every swarm.
type Match struct{}

// Interface guards.
var (
	_ scorer.Scorer             = (*Match)(nil)
	_ scorer.WithValidateConfig = (*Match)(nil)
	_ scorer.WithReads          = (*Match)(nil)
)

// config is the scorer block's attributes, defaults applied by the host.
type config struct {
	Location   string `json:"location"`
	IgnoreCase bool   `json:"ignore_case"`
	Numeric    bool   `json:"numeric"`
}

// Metadata names the plugin and declares its config schema.
func (*Match) Metadata(_ context.Context, _ scorer.MetadataRequest, resp *scorer.MetadataResponse) {
	resp.Name = "match"
	resp.Version = "0.1.0"
	resp.Description = "Inspect's match(): the target at the begin, end, any or exact location of the output, or as a number"
	resp.Schema = schema.Schema{Attributes: []schema.Attribute{
		{Name: "location", Type: "string", Default: "end",
			Description: `Where the target must be: "begin", "end", "any" or "exact".`},
		{Name: "ignore_case", Type: "bool", Default: true, Description: "Compare casefolded text."},
		{Name: "numeric", Type: "bool", Default: false,
			Description: "Compare numbers: $ € £ , * _ are ignored and both sides are written with 5 significant digits."},
	}}
}

// Reads declares that Match reads the output and the target, neither the
// record nor the store: the host sends it neither.
func (*Match) Reads() scorer.Reads { return scorer.ReadsNone }

// ValidateConfig checks the location.
func (*Match) ValidateConfig(_ context.Context, req scorer.ValidateConfigRequest, resp *scorer.ValidateConfigResponse) {
	_, resp.Diagnostics = decode(req.Config)
}

// Score matches the completion against each target in turn.
func (*Match) Score(_ context.Context, req scorer.ScoreRequest, resp *scorer.ScoreResponse) error {
	cfg, diags := decode(req.Config)
	if diags.HasError() {
		resp.Score, resp.Diagnostics = scorer.Unscored(), diags
		return nil
	}
	opts := strmatch.Options{Location: strmatch.Location(cfg.Location), IgnoreCase: cfg.IgnoreCase, Numeric: cfg.Numeric}
	resp.Score = strmatch.Score(req.Output.Completion, req.Sample.Target,
		func(completion, target string) (string, bool) { return strmatch.MatchStr(completion, target, opts) })
	return nil
}

// decode reads the config and checks the location.
func decode(c schema.Config) (config, diag.Diagnostics) {
	cfg := config{Location: string(strmatch.End), IgnoreCase: true}
	var diags diag.Diagnostics
	if err := c.Decode(&cfg); err != nil {
		diags.AddError("Invalid match config", err.Error())
		return cfg, diags
	}
	if !slices.Contains(strmatch.Locations, strmatch.Location(cfg.Location)) {
		names := make([]string, len(strmatch.Locations))
		for i, l := range strmatch.Locations {
			names[i] = fmt.Sprintf("%q", l)
		}
		diags.AddError("Invalid location", fmt.Sprintf("location is %q; it must be one of %s.",
			cfg.Location, strings.Join(names, ", ")), "location")
	}
	return cfg, diags
}
