package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/swarmhost/swarmhost/sdk/diag"
	"github.com/swarmhost/swarmhost/sdk/schema"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// Exec grades what members left in their sandboxes, the tests_pass pattern
// of Inspect Swarm: it runs a command in a throw-away view of each member's
// sandbox (the shared sandbox for a member without its own) and scores
// CORRECT when any member's run exits 0. metadata.passed lists the members
// that passed, in roster order. The host calls Metadata once,
// ValidateConfig once per scorer block and Score after every swarm; a
// failed exec call (not a failing command) is returned as an error, which
// leaves the sample unscored for this scorer.
type Exec struct{}

// Interface guards.
var (
	_ scorer.Scorer             = (*Exec)(nil)
	_ scorer.WithValidateConfig = (*Exec)(nil)
	_ scorer.WithReads          = (*Exec)(nil)
)

// config is the scorer block's attributes, defaults applied by the host.
type config struct {
	Command []string `json:"command"`
	Member  *string  `json:"member"`
	Sandbox *string  `json:"sandbox"`
	Timeout string   `json:"timeout"`
}

// Metadata names the plugin and declares its config schema.
func (*Exec) Metadata(_ context.Context, _ scorer.MetadataRequest, resp *scorer.MetadataResponse) {
	resp.Name = "exec"
	resp.Version = "0.1.0"
	resp.Description = "Runs a command in each member's sandbox view; correct if any member's run exits 0"
	resp.Schema = schema.Schema{Attributes: []schema.Attribute{
		{Name: "command", Type: "list(string)", Required: true,
			Description: `The command and its arguments, e.g. ["sh", "/tests/run.sh"].`},
		{Name: "member", Type: "string", Default: nil,
			Description: "Run only in this member's sandbox; unset runs it for every member in the result record."},
		{Name: "sandbox", Type: "string", Default: nil,
			Description: "Run in this sandbox (a comparator service) for each member, the member's name appended as the command's last argument; unset runs in each member's own."},
		{Name: "timeout", Type: "string", Default: "60s",
			Description: `How long each run may take, as a Go duration ("90s", "5m").`},
	}}
}

// Reads declares that Exec reads the record (members' sandboxes), never
// the store: the host does not send it the store.
func (*Exec) Reads() scorer.Reads { return scorer.ReadsRecord }

// ValidateConfig checks the command, the member name and the timeout. It
// cannot check that the member exists: the roster is known only at Score.
func (*Exec) ValidateConfig(_ context.Context, req scorer.ValidateConfigRequest, resp *scorer.ValidateConfigResponse) {
	_, _, resp.Diagnostics = decode(req.Config)
}

// Score runs the command for the chosen members, concurrently.
func (*Exec) Score(ctx context.Context, req scorer.ScoreRequest, resp *scorer.ScoreResponse) error {
	cfg, timeout, diags := decode(req.Config)
	if diags.HasError() {
		resp.Score, resp.Diagnostics = scorer.Unscored(), diags
		return nil
	}
	members, missing := selectMembers(req.Record.Members, cfg.Member)
	if missing != "" {
		resp.Score = verdict(nil, missing)
		return nil
	}
	runs, err := runAll(ctx, req.Host, members, cfg, timeout)
	if err != nil {
		return err
	}
	resp.Score = verdict(runs, "")
	return nil
}

// decode reads the config and checks it.
func decode(c schema.Config) (config, time.Duration, diag.Diagnostics) {
	cfg := config{Timeout: "60s"}
	var diags diag.Diagnostics
	if err := c.Decode(&cfg); err != nil {
		diags.AddError("Invalid exec config", err.Error())
		return cfg, 0, diags
	}
	if len(cfg.Command) == 0 || cfg.Command[0] == "" {
		diags.AddError("Missing command", `command must name a program, e.g. ["sh", "/tests/run.sh"].`, "command")
	}
	if cfg.Sandbox != nil && *cfg.Sandbox == "" {
		diags.AddError("Empty sandbox name", "Set sandbox to a service's name, or leave it unset to run in each member's own sandbox.", "sandbox")
	}
	if cfg.Member != nil && *cfg.Member == "" {
		diags.AddError("Empty member name", "Set member to a member's name, or leave it unset to run the command for every member.", "member")
	}
	timeout, err := time.ParseDuration(cfg.Timeout)
	if err != nil || timeout <= 0 {
		diags.AddError("Invalid timeout", fmt.Sprintf("timeout is %q; it must be a positive Go duration such as \"60s\" or \"5m\".", cfg.Timeout), "timeout")
	}
	return cfg, timeout, diags
}

// selectMembers picks the members to run for. With a member name that is
// not in the record, it returns the reason as missing.
func selectMembers(all []scorer.RecordMember, name *string) (members []scorer.RecordMember, missing string) {
	if name == nil {
		if len(all) == 0 {
			return nil, "The result record lists no members."
		}
		return all, ""
	}
	names := make([]string, len(all))
	for i, m := range all {
		if m.Name == *name {
			return []scorer.RecordMember{m}, ""
		}
		names[i] = m.Name
	}
	return nil, fmt.Sprintf("No member named %q in the result record (members: %s).", *name, strings.Join(names, ", "))
}

// run is one member's result.
type run struct {
	member  scorer.RecordMember
	sandbox string
	result  scorer.ExecResult
}

// runAll runs the command in every member's sandbox view; the results keep
// roster order. The first exec failure, in roster order, is the error.
func runAll(ctx context.Context, host scorer.Host, members []scorer.RecordMember, cfg config, timeout time.Duration) ([]run, error) {
	runs := make([]run, len(members))
	errs := make([]error, len(members))
	var wg sync.WaitGroup
	for i, m := range members {
		runs[i] = run{member: m, sandbox: sandboxOf(m)}
		command := cfg.Command
		if cfg.Sandbox != nil {
			runs[i].sandbox, command = *cfg.Sandbox, append(slices.Clone(command), m.Name)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			req := scorer.ExecRequest{Sandbox: runs[i].sandbox, Command: command, Timeout: timeout}
			runs[i].result, errs[i] = host.Exec(ctx, req)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("exec for member %q in %s: %w", members[i].Name, describeSandbox(runs[i].sandbox), err)
		}
	}
	return runs, nil
}

// sandboxOf is the member's sandbox name; "" is the sample's shared sandbox.
func sandboxOf(m scorer.RecordMember) string {
	if m.Sandbox == nil {
		return ""
	}
	return *m.Sandbox
}

func describeSandbox(name string) string {
	if name == "" {
		return "the shared sandbox"
	}
	return fmt.Sprintf("sandbox %q", name)
}
