package main

import (
	"context"
	"regexp"
	"sync"

	"github.com/swarmhost/swarmhost/sdk/diag"
	"github.com/swarmhost/swarmhost/sdk/schema"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// Pattern is Inspect AI's pattern() scorer: re.search the completion for a
// regular expression and compare its capture groups with the targets. The
// host calls Metadata once, ValidateConfig once per scorer block (which
// compiles the pattern) and Score after every swarm. The zero value is ready
// to use; compiled patterns are cached.
type Pattern struct {
	cache sync.Map // cacheKey → *regexp.Regexp
}

// Interface guards.
var (
	_ scorer.Scorer             = (*Pattern)(nil)
	_ scorer.WithValidateConfig = (*Pattern)(nil)
	_ scorer.WithReads          = (*Pattern)(nil)
)

// config is the scorer block's attributes, defaults applied by the host.
type config struct {
	Pattern    string `json:"pattern"`
	IgnoreCase bool   `json:"ignore_case"`
	MatchAll   bool   `json:"match_all"`
}

type cacheKey struct {
	pattern    string
	ignoreCase bool
}

// Metadata names the plugin and declares its config schema.
func (*Pattern) Metadata(_ context.Context, _ scorer.MetadataRequest, resp *scorer.MetadataResponse) {
	resp.Name = "pattern"
	resp.Version = "0.1.0"
	resp.Description = "Inspect's pattern(): a regex's capture groups from the output compared with the targets"
	resp.Schema = schema.Schema{Attributes: []schema.Attribute{
		{Name: "pattern", Type: "string", Required: true,
			Description: "Python regular expression with at least one capture group; translated to Go's RE2."},
		{Name: "ignore_case", Type: "bool", Default: true,
			Description: "Search case-insensitively and compare groups with targets in lowercase."},
		{Name: "match_all", Type: "bool", Default: false,
			Description: "Every capture group must equal a target, rather than any one."},
	}}
}

// Reads declares that Pattern reads the output and the target, neither the
// record nor the store: the host sends it neither.
func (*Pattern) Reads() scorer.Reads { return scorer.ReadsNone }

// ValidateConfig compiles the pattern.
func (p *Pattern) ValidateConfig(_ context.Context, req scorer.ValidateConfigRequest, resp *scorer.ValidateConfigResponse) {
	_, _, resp.Diagnostics = p.decode(req.Config)
}

// Score searches the completion; without a match the score is NOANSWER.
func (p *Pattern) Score(_ context.Context, req scorer.ScoreRequest, resp *scorer.ScoreResponse) error {
	cfg, re, diags := p.decode(req.Config)
	if diags.HasError() {
		resp.Score, resp.Diagnostics = scorer.Unscored(), diags
		return nil
	}
	resp.Score = score(re, req.Output.Completion, req.Sample.Target, cfg)
	return nil
}

// decode reads the config and compiles (or recalls) its pattern.
func (p *Pattern) decode(c schema.Config) (config, *regexp.Regexp, diag.Diagnostics) {
	cfg := config{IgnoreCase: true}
	var diags diag.Diagnostics
	if err := c.Decode(&cfg); err != nil {
		diags.AddError("Invalid pattern config", err.Error())
		return cfg, nil, diags
	}
	key := cacheKey{cfg.Pattern, cfg.IgnoreCase}
	if re, ok := p.cache.Load(key); ok {
		return cfg, re.(*regexp.Regexp), nil
	}
	re, err := compilePython(cfg.Pattern, cfg.IgnoreCase)
	if err != nil {
		diags.AddError("Unsupported or invalid pattern", err.Error()+".", "pattern")
		return cfg, nil, diags
	}
	p.cache.Store(key, re)
	return cfg, re, nil
}
