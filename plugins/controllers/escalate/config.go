package main

import (
	"fmt"
	"regexp"

	"github.com/swarmhost/swarmhost/sdk/controller"
	"github.com/swarmhost/swarmhost/sdk/diag"
	"github.com/swarmhost/swarmhost/sdk/schema"
)

// Config is escalate's config block.
type Config struct {
	// First is the roster name of the member started first.
	First string `json:"first"`
	// Final is how the answer is chosen among the escalated members'
	// submissions: "first" (earliest) or "last" (latest).
	Final controller.FinalMode `json:"final"`
	// RequireGate makes a submission that was never gate-checked count as
	// not passing, so it escalates too.
	RequireGate bool `json:"require_gate"`
}

// memberName is the host's roster name rule: 1 to 128 characters, no '/',
// '#' or control characters.
var memberName = regexp.MustCompile(`^[^/#\x00-\x1f\x7f]{1,128}$`)

// configSchema is the config block's schema.
func configSchema() schema.Schema {
	return schema.Schema{Attributes: []schema.Attribute{
		{Name: "first", Type: "string", Required: true,
			Description: `roster name of the member started first (with count > 1, e.g. "solver-1")`},
		{Name: "final", Type: "string", Default: string(controller.FinalFirst),
			Description: `after escalation, which escalated submission is the answer: "first" or "last"`},
		{Name: "require_gate", Type: "bool", Default: false,
			Description: "escalate when the first member's submission was never gate-checked"},
	}}
}

// decode reads the config with its defaults.
func decode(c schema.Config) (Config, error) {
	cfg := Config{Final: controller.FinalFirst}
	if err := c.Decode(&cfg); err != nil {
		return cfg, fmt.Errorf("escalate: %w", err)
	}
	return cfg, nil
}

// check returns diagnostics for values the schema cannot rule out. Whether
// `first` names a member is checked at Start, the first call that sees the
// roster.
func (cfg Config) check() diag.Diagnostics {
	var d diag.Diagnostics
	if !memberName.MatchString(cfg.First) {
		d.AddError("Invalid first member",
			fmt.Sprintf(`first must be a roster name matching %s, not %q.`, memberName, cfg.First), "first")
	}
	if cfg.Final != controller.FinalFirst && cfg.Final != controller.FinalLast {
		d.AddError("Invalid final rule",
			fmt.Sprintf(`final must be "first" or "last", not %q.`, cfg.Final), "final")
	}
	return d
}

// passed reports whether the first member's submission ends the swarm: its
// gate verdict passed, or it was never checked and require_gate is off.
func (cfg Config) passed(g controller.Gate) bool {
	if g.Checked {
		return g.Passed
	}
	return !cfg.RequireGate
}
