package inspecttask

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/hashicorp/hcl/v2"

	"github.com/swarmhost/swarmhost/host/config"
	"github.com/swarmhost/swarmhost/host/plugins"
)

// Description is the task plugin's description of an Inspect task
// (swarmhost_inspect_task/describe.py).
type Description struct {
	// Name is the task's name as Inspect logs it; Key the plugin's key for it.
	Name string `json:"name"`
	Key  string `json:"key"`
	// Form is how the task was found: file, module or registry.
	Form string `json:"form"`
	// Eval holds the log header's task fields, as Inspect writes them.
	Eval EvalFields `json:"eval"`
	// Solver is the solver's split; Error says why it cannot take a swarm.
	Solver struct {
		Setup []string `json:"setup"`
		Agent string   `json:"agent"`
		Error string   `json:"error"`
	} `json:"solver"`
	// Scorers are the task's scorers by their log names.
	Scorers  []string `json:"scorers"`
	Epochs   int      `json:"epochs"`
	Reducers []string `json:"reducers"`
	Limits   Limits   `json:"limits"`
	// Config is the task's GenerateConfig (the fields it sets).
	Config  map[string]any `json:"config"`
	Sandbox *Sandbox       `json:"sandbox"`
	// RunDir is the task's directory: its samples' relative files resolve there.
	RunDir string `json:"run_dir"`
}

// EvalFields are the log header fields Inspect writes for the task.
type EvalFields struct {
	Task             string            `json:"task"`
	TaskVersion      any               `json:"task_version"`
	TaskFile         string            `json:"task_file"`
	TaskRegistryName string            `json:"task_registry_name"`
	TaskDisplayName  string            `json:"task_display_name"`
	TaskAttribs      map[string]any    `json:"task_attribs"`
	TaskArgs         map[string]any    `json:"task_args"`
	TaskArgsPassed   map[string]any    `json:"task_args_passed"`
	Dataset          Dataset           `json:"dataset"`
	Scorers          json.RawMessage   `json:"scorers"`
	Metrics          json.RawMessage   `json:"metrics"`
	Sandbox          *Sandbox          `json:"sandbox"`
	Packages         map[string]string `json:"packages"`
	Metadata         map[string]any    `json:"metadata"`
	Tags             []string          `json:"tags"`
}

// Dataset is the dataset's name, location, size and order.
type Dataset struct {
	Name     string `json:"name"`
	Location string `json:"location"`
	Samples  int    `json:"samples"`
	Shuffled bool   `json:"shuffled"`
}

// Limits are the per-sample limits the task sets (nil when unset); Time
// and Working in seconds.
type Limits struct {
	Message *int64   `json:"message"`
	Token   *int64   `json:"token"`
	Time    *float64 `json:"time"`
	Working *float64 `json:"working"`
	Cost    *float64 `json:"cost"`
	Turn    *int64   `json:"turn"`
}

// Sandbox is an Inspect SandboxEnvironmentSpec: its type and config (a
// file path, absolute; or a provider's config object).
type Sandbox struct {
	Type   string          `json:"type"`
	Config json.RawMessage `json:"config"`
}

// ConfigPath is the config when it is a file path, "" otherwise.
func (s *Sandbox) ConfigPath() string {
	var p string
	if s == nil || json.Unmarshal(s.Config, &p) != nil {
		return ""
	}
	return p
}

// Ref is the TaskRef the plugin gets for t.
func Ref(t *config.InspectTask) plugins.TaskRef {
	return plugins.TaskRef{Plugin: config.InspectPlugin, Ref: t.Ref()}
}

// Describe loads t through the task plugin and decodes its description.
// A task the plugin cannot load is an error diagnostic at t's range, with
// the plugin's own summary and detail (which say what was tried and why).
func Describe(ctx context.Context, client plugins.TaskClient, t *config.InspectTask) (*Description, hcl.Diagnostics) {
	resp, err := client.Describe(ctx, Ref(t))
	if err != nil {
		return nil, hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "Inspect task plugin failed",
			Detail: fmt.Sprintf("Loading %q: %v", t.Spec, err), Subject: rangePtr(t.Range)}}
	}
	if resp.Diagnostics.HasError() {
		var diags hcl.Diagnostics
		for _, d := range resp.Diagnostics {
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: d.Summary, Detail: d.Detail,
				Subject: rangePtr(t.Range)})
		}
		return nil, diags
	}
	d, err := Parse(resp.JSON)
	if err != nil {
		return nil, hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "Invalid task description",
			Detail:  fmt.Sprintf("The Inspect task plugin described %q in a form this host cannot read: %v", t.Spec, err),
			Subject: rangePtr(t.Range)}}
	}
	return d, nil
}

// Parse decodes a description.
func Parse(b []byte) (*Description, error) {
	var d Description
	if err := json.Unmarshal(b, &d); err != nil {
		return nil, err
	}
	return &d, nil
}

// rangePtr returns &r, or nil for the zero range (no source: the command line).
func rangePtr(r hcl.Range) *hcl.Range {
	if r.Filename == "" {
		return nil
	}
	return &r
}
