package inspecttask

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/hashicorp/hcl/v2"

	"github.com/swarmhost/swarmhost/host/config"
)

// ScorerPlugin is the scorer the task plugin serves each of the task's
// scorers under; its config names the task and the scorer's index.
const ScorerPlugin = "task"

// SolverAgent is the agent the task plugin serves the task's own solver
// under (`member "solver"`).
const SolverAgent = "solver"

// Compile fills t (an Inspect task, t.Inspect set) from d: its scorers,
// epochs, limits and sandbox. What the host cannot run is an error at the
// task's inspect attribute: a solver that cannot take a swarm, a sandbox
// type without a provider here.
func Compile(t *config.Task, d *Description) hcl.Diagnostics {
	var diags hcl.Diagnostics
	report := func(summary, detail string) {
		diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summary, Detail: detail,
			Subject: rangePtr(t.Inspect.Range)})
	}
	raw, _ := json.Marshal(d)
	t.Inspect.Described = raw
	if d.Solver.Error != "" {
		report("The task's solver cannot take a swarm", fmt.Sprintf("%s: %s.", t.Inspect.Spec, d.Solver.Error))
	}
	t.Dataset = &config.Dataset{} // the rows come from the task plugin (host/eval)
	t.Scorers = scorers(t.Inspect, d)
	t.Epochs = config.Epochs{Count: int64(max(d.Epochs, 1)), Reducers: d.Reducers}
	t.Limits = limits(d.Limits, t.Limits)
	sb, err := sandbox(d.Sandbox)
	if err != nil {
		report("Unsupported sandbox", fmt.Sprintf("%s: %v.", t.Inspect.Spec, err))
	}
	if sb != nil && sb.Compose != "" {
		sb.AllowHostAccess, sb.AllowEnv = t.Inspect.AllowHostAccess, t.Inspect.AllowEnv
	}
	t.Sandbox = sb
	return diags
}

// scorers are one scorer "task" per Inspect scorer, named as Inspect names it.
func scorers(it *config.InspectTask, d *Description) []*config.Scorer {
	out := make([]*config.Scorer, len(d.Scorers))
	for i, name := range d.Scorers {
		cfg, _ := json.Marshal(map[string]any{"task": json.RawMessage(it.Ref()), "scorer": i})
		out[i] = &config.Scorer{Plugin: ScorerPlugin, Name: name, Config: cfg, Model: it.ScorerModel}
	}
	return out
}

// limits are the task's per-sample limits as the host's (messages,
// tokens, time, cost; tokens metered as Inspect meters them), each overridden by the task block's limits block
// when it sets it; a working limit becomes a time limit (the host has no
// working-time clock).
func limits(l Limits, over config.TaskLimits) config.TaskLimits {
	out := config.TaskLimits{TokenMetering: config.MeterInspect}
	out.Messages, out.Tokens, out.Cost = l.Message, l.Token, l.Cost
	secs := l.Time
	if secs == nil {
		secs = l.Working
	}
	if secs != nil {
		d := time.Duration(*secs * float64(time.Second))
		out.Time = &d
	}
	out.Messages = firstSet(over.Messages, out.Messages)
	out.Tokens = firstSet(over.Tokens, out.Tokens)
	if over.Tokens != nil {
		out.TokensMetering = over.TokensMetering
	}
	out.Cost = firstSet(over.Cost, out.Cost)
	out.Time = firstSet(over.Time, out.Time)
	out.Turns = firstSet(over.Turns, out.Turns)
	return out
}

// sandbox maps Inspect's sandbox spec to a provider of the project's.
func sandbox(s *Sandbox) (*config.Sandbox, error) {
	if s == nil {
		return nil, nil
	}
	switch s.Type {
	case "local":
		return &config.Sandbox{Type: config.SandboxLocal}, nil
	case "docker":
		path := s.ConfigPath()
		if path == "" {
			return nil, fmt.Errorf("the docker sandbox has no compose file (Inspect's default image is pulled, and swarmhost never pulls): give the task a compose file whose services name images built here")
		}
		if !isCompose(path) {
			return nil, fmt.Errorf("the docker sandbox's config %s is not a compose file: swarmhost runs compose files whose services name images built here (it never builds or pulls)", path)
		}
		return &config.Sandbox{Type: config.SandboxDocker, Compose: path}, nil
	}
	return nil, fmt.Errorf("the task's sandbox type %q has no provider in swarmhost (it has local, docker with compose files, and kubernetes)", s.Type)
}

// isCompose reports whether path names a compose file, as Inspect recognises one.
func isCompose(path string) bool {
	base := strings.ToLower(filepath.Base(path))
	return strings.HasSuffix(base, ".yaml") || strings.HasSuffix(base, ".yml")
}

// firstSet is a when set, else b.
func firstSet[T any](a, b *T) *T {
	if a != nil {
		return a
	}
	return b
}
