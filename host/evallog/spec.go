package evallog

import "github.com/swarmhost/swarmhost/host/evallog/jsonenc"

// EvalSpec is the eval's identity and configuration (inspect_ai.log.EvalSpec), in Python's
// field order. The ids are 22-character NewID values; Created is when the run started and, with
// Task and TaskID, names the file (FileName). Solver and SolverArgs carry the swarm's identity:
// two arms of a comparison differ in SolverArgs.
//
// evals_df() requires eval_id, run_id, task_id, created, task, task_version and model.
type EvalSpec struct {
	EvalSetID        string            `json:"eval_set_id,omitempty"`
	EvalID           string            `json:"eval_id"`
	RunID            string            `json:"run_id"`
	Created          Time              `json:"created"`
	Task             string            `json:"task"`
	TaskID           string            `json:"task_id"`
	TaskVersion      any               `json:"task_version"` // int or string; nil is written as 0
	TaskFile         string            `json:"task_file,omitempty"`
	TaskDisplayName  string            `json:"task_display_name,omitempty"`
	TaskRegistryName string            `json:"task_registry_name,omitempty"`
	TaskAttribs      map[string]any    `json:"task_attribs"`
	TaskArgs         map[string]any    `json:"task_args"`
	TaskArgsPassed   map[string]any    `json:"task_args_passed"`
	Solver           string            `json:"solver,omitempty"`
	SolverArgs       map[string]any    `json:"solver_args,omitempty"`
	SolverArgsPassed map[string]any    `json:"solver_args_passed,omitempty"`
	Tags             []string          `json:"tags,omitempty"`
	Dataset          EvalDataset       `json:"dataset"`
	Sandbox          *SandboxSpec      `json:"sandbox,omitempty"`
	Model            string            `json:"model"`
	ModelGenConfig   GenerateConfig    `json:"model_generate_config"`
	ModelBaseURL     string            `json:"model_base_url,omitempty"`
	ModelArgs        map[string]any    `json:"model_args"`
	ModelRoles       map[string]any    `json:"model_roles,omitempty"`
	Config           EvalConfig        `json:"config"`
	Revision         *EvalRevision     `json:"revision,omitempty"`
	Packages         map[string]string `json:"packages"`
	Metadata         map[string]any    `json:"metadata,omitempty"`
	Scorers          []EvalScorer      `json:"scorers,omitempty"`
	Metrics          any               `json:"metrics,omitempty"` // list or dict of metric definitions
}

// MarshalJSON writes the fields the schema requires even when unset: {} for the maps, 0 for
// task_version.
func (s EvalSpec) MarshalJSON() ([]byte, error) {
	type plain EvalSpec
	if s.TaskVersion == nil {
		s.TaskVersion = 0
	}
	s.TaskAttribs = emptyMap(s.TaskAttribs)
	s.TaskArgs = emptyMap(s.TaskArgs)
	s.TaskArgsPassed = emptyMap(s.TaskArgsPassed)
	s.ModelGenConfig = emptyMap(s.ModelGenConfig)
	s.ModelArgs = emptyMap(s.ModelArgs)
	s.Packages = emptyMap(s.Packages)
	return jsonenc.Marshal(plain(s))
}

// EvalDataset describes the dataset the samples came from. SampleIDs lets Inspect iterate
// the samples of a log.
type EvalDataset struct {
	Name      string     `json:"name,omitempty"`
	Location  string     `json:"location,omitempty"`
	Samples   int        `json:"samples"`
	SampleIDs []SampleID `json:"sample_ids,omitempty"`
	Shuffled  bool       `json:"shuffled"`
}

// SandboxSpec names a sandbox environment type and its optional config.
type SandboxSpec struct {
	Type   string `json:"type"`
	Config any    `json:"config"`
}

// EvalRevision is the source revision of the eval. Type is always "git" (the default).
type EvalRevision struct {
	Type   string `json:"type"`
	Origin string `json:"origin"`
	Commit string `json:"commit"`
	Dirty  *bool  `json:"dirty,omitempty"`
}

// MarshalJSON writes type "git" when Type is empty.
func (r EvalRevision) MarshalJSON() ([]byte, error) {
	type plain EvalRevision
	r.Type = orDefault(r.Type, "git")
	return jsonenc.Marshal(plain(r))
}

// EvalScorer names a scorer of the task and the arguments it was created with.
type EvalScorer struct {
	Name     string         `json:"name"`
	Options  map[string]any `json:"options,omitempty"`
	Metrics  any            `json:"metrics,omitempty"` // list or dict of {name, options}
	Metadata map[string]any `json:"metadata,omitempty"`
}
